-- A run's reservations are inserted when it is queued and deleted when it ends, and active_partition_run_idx (run_id)
-- was written both times. The run knows the asset partitions it holds, so its end releases them by primary key
-- (asset_key, partition_key, with run_id checked); the statements that still find reservations by run id (canceling a
-- backfill's or a failed run's waiting runs) read this table of active reservations, which is only as large as the queue.
DROP INDEX IF EXISTS active_partition_run_idx;
