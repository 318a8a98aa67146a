-- Every run changes status twice (QUEUED -> STARTED -> ended), and each change rewrote its entries in both
-- run_queue_idx (status, created_at, seq) and run_backfill_queue_idx (backfill_id, status, created_at, seq): on H2
-- about a seventh of the index and row writes of a backfill run. run_backfill_queue_idx serves the queue reads
-- run_queue_idx served: the queue of single launches is its range backfill_id IS NULL AND status = 'QUEUED' (narrower
-- than status = 'QUEUED', which also held every backfill's queue). What no longer has an index: runs by status alone,
-- read when a process starts (the runs left STARTED by the one that stopped, one scan of the run table) and when the
-- run list is filtered by status only (which sorts by creation anyway).
DROP INDEX IF EXISTS run_queue_idx;
