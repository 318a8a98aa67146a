-- A cursor lives in a table of its own, written only when it changes. On automation_state it was rewritten at every
-- tick, because H2 writes a row again to lock it (SELECT ... FOR UPDATE): a sensor's cursor of a few hundred KB every
-- 5 s filled the file with dead copies. A large object, since a cursor can be larger than VARCHAR's 1,000,000
-- characters (a folder of tens of thousands of files).
CREATE TABLE automation_cursor (
    kind         VARCHAR(16)             NOT NULL,
    name         VARCHAR(200)            NOT NULL,
    cursor_value CHARACTER LARGE OBJECT  NOT NULL,
    PRIMARY KEY (kind, name)
);
INSERT INTO automation_cursor (kind, name, cursor_value)
    SELECT kind, name, cursor_value FROM automation_state WHERE cursor_value IS NOT NULL;
ALTER TABLE automation_state DROP COLUMN cursor_value;
