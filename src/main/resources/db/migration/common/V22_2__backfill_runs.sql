-- Where each run of a backfill sits among the backfill's partitions: it holds the partition_count partitions from
-- first_position on (0-based, in the order of the backfill's partitions: its first partitions definition in index
-- order, then the others), first_key to last_key; a run without partitions (an unpartitioned asset's) sits after the
-- last partition with a count of 0. Written with the backfill; a run queued again after a crash takes the place of the
-- run that died (run_id is updated). The backfill page reads a page of partitions as a range of
-- backfill_run_position_idx and joins each run by its id. Backfills stored before this migration get their rows at the
-- next start, from their runs' partitions.
CREATE TABLE backfill_run (
    run_id          VARCHAR(36)  NOT NULL PRIMARY KEY,
    backfill_id     VARCHAR(36)  NOT NULL,
    first_position  BIGINT       NOT NULL,
    partition_count BIGINT       NOT NULL,
    first_key       VARCHAR(200),
    last_key        VARCHAR(200)
);
CREATE INDEX backfill_run_position_idx ON backfill_run (backfill_id, first_position);
