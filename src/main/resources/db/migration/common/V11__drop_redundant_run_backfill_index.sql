-- run_backfill_idx (backfill_id, status) is a prefix of run_backfill_queue_idx (backfill_id, status, created_at, seq),
-- which serves every query it served; each run insert and status change paid for both.
DROP INDEX IF EXISTS run_backfill_idx;
