-- The queue of one backfill in order (backfill_id, status, created_at, seq): the dispatcher reads its next runs as a
-- range of this index, stopping at its limit, instead of sorting every queued run of the backfill on each read.
-- Its prefix serves what run_backfill_idx (backfill_id, status) served: progress counts and the completion check.
CREATE INDEX run_backfill_queue_idx ON run (backfill_id, status, created_at, seq);
DROP INDEX run_backfill_idx;
