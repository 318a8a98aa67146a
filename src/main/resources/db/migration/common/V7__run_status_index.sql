-- run_queue_idx (status, created_at, seq) already serves lookups by status: one index fewer to rewrite on every
-- status change of a run (queued -> started -> ended).
DROP INDEX run_status_idx;
