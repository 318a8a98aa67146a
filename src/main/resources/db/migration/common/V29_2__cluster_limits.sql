-- Limits counted in the store at claim time, cluster-wide (issue 29). A limit caps the runs of a scope executing at
-- once: a concurrency pool (scope POOL, named by an asset's spec) or a group of runs (scope GROUP, a backfill's id).
-- A claim locks the limit rows of its candidates, counts their run_slot rows and inserts its own slots before commit;
-- a run's end deletes its slots.
CREATE TABLE concurrency_limit (
    scope       VARCHAR(8)   NOT NULL,
    name        VARCHAR(200) NOT NULL,
    max_running INT          NOT NULL,
    updated_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (scope, name)
);
INSERT INTO concurrency_limit (scope, name, max_running, updated_at)
    SELECT 'POOL', name, pool_limit, updated_at FROM pool_limit;
INSERT INTO concurrency_limit (scope, name, max_running, updated_at)
    SELECT 'GROUP', id, max_concurrent, created_at FROM backfill
    WHERE status IN ('RUNNING', 'PAUSED') AND max_concurrent > 0;
DROP TABLE pool_limit;

-- one row per STARTED run and scope it counts against (its group, if any, and every pool of its assets)
CREATE TABLE run_slot (
    scope  VARCHAR(8)   NOT NULL,
    name   VARCHAR(200) NOT NULL,
    run_id VARCHAR(36)  NOT NULL,
    PRIMARY KEY (scope, name, run_id)
);
-- a run's end releases its slots by run id (a run holds one to a few)
CREATE INDEX run_slot_run_idx ON run_slot (run_id);
INSERT INTO run_slot (scope, name, run_id)
    SELECT 'GROUP', group_id, id FROM run WHERE status = 'STARTED' AND group_id IS NOT NULL;
ALTER TABLE run ADD COLUMN pools VARCHAR(2000);                  -- NULL: not computed yet; '': none
ALTER TABLE run ADD COLUMN needs_lake BOOLEAN DEFAULT TRUE NOT NULL;

-- cluster-wide locks taken with FOR UPDATE SKIP LOCKED: one node at a time promotes runs waiting for partitions
CREATE TABLE cluster_lock (
    name        VARCHAR(40) NOT NULL PRIMARY KEY,
    holder      VARCHAR(36),
    lake_id     VARCHAR(36),
    lease_until TIMESTAMP WITH TIME ZONE
);
INSERT INTO cluster_lock (name) VALUES ('queue-promotion');
