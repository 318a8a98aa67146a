-- A backfill run that reads partitions another run of the same backfill materializes (an upstream asset
-- partitioned differently) waits for that run: it is not dispatched until every run it waits for succeeded.
CREATE TABLE run_dependency (
    run_id       VARCHAR(36) NOT NULL,
    after_run_id VARCHAR(36) NOT NULL,
    PRIMARY KEY (run_id, after_run_id),
    CONSTRAINT run_dependency_run FOREIGN KEY (run_id) REFERENCES run (id),
    CONSTRAINT run_dependency_after FOREIGN KEY (after_run_id) REFERENCES run (id)
);
CREATE INDEX run_dependency_after_idx ON run_dependency (after_run_id);
