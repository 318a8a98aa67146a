-- Issue 29: each process start is a node with a lease; each started run names its owner and the claim's epoch.
CREATE TABLE node (
    id           VARCHAR(36)   NOT NULL PRIMARY KEY,
    name         VARCHAR(200)  NOT NULL,
    host         VARCHAR(255)  NOT NULL,
    data_dir     VARCHAR(1000) NOT NULL,
    pid          BIGINT        NOT NULL,
    version      VARCHAR(40)   NOT NULL,
    executes     BOOLEAN       NOT NULL,
    serves       BOOLEAN       NOT NULL,
    lake_id      VARCHAR(36),
    workers      INT           NOT NULL,
    url          VARCHAR(400),
    state        VARCHAR(16)   NOT NULL,             -- RUNNING, DRAINING, STOPPED, LOST
    started_at   TIMESTAMP WITH TIME ZONE NOT NULL,
    heartbeat_at TIMESTAMP WITH TIME ZONE NOT NULL,
    lease_until  TIMESTAMP WITH TIME ZONE NOT NULL,
    ended_at     TIMESTAMP WITH TIME ZONE,
    ended_by     VARCHAR(36),
    end_reason   VARCHAR(400)
);
CREATE INDEX node_state_idx ON node (state, lease_until);
CREATE INDEX node_place_idx ON node (host, data_dir);
ALTER TABLE run ADD COLUMN owner_node VARCHAR(36);
ALTER TABLE run ADD COLUMN lease_epoch BIGINT DEFAULT 0 NOT NULL;
ALTER TABLE run ADD COLUMN lake_reconcile BOOLEAN DEFAULT FALSE NOT NULL;
-- runs left STARTED by a process before this version belong to a node that is gone
INSERT INTO node (id, name, host, data_dir, pid, version, executes, serves, workers, state,
                  started_at, heartbeat_at, lease_until, ended_at, end_reason)
    VALUES ('00000000-0000-0000-0000-000000000029', 'before-29', '', '', 0, '', TRUE, TRUE, 0, 'LOST',
            CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 'a node before leases');
UPDATE run SET owner_node = '00000000-0000-0000-0000-000000000029' WHERE status = 'STARTED';
