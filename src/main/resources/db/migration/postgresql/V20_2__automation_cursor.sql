-- A cursor lives in a table of its own, written only when it changes, so that locking the state row at every tick
-- (SELECT ... FOR UPDATE) does not touch it (on H2 a locked row is written again). TEXT: a cursor has no length limit.
CREATE TABLE automation_cursor (
    kind         VARCHAR(16)  NOT NULL,
    name         VARCHAR(200) NOT NULL,
    cursor_value TEXT         NOT NULL,
    PRIMARY KEY (kind, name)
);
INSERT INTO automation_cursor (kind, name, cursor_value)
    SELECT kind, name, cursor_value FROM automation_state WHERE cursor_value IS NOT NULL;
ALTER TABLE automation_state DROP COLUMN cursor_value;
