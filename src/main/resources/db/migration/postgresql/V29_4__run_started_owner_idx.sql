-- The takeover's scan of STARTED runs by owner (LeaseWatch, every check interval): only the started runs are indexed.
CREATE INDEX run_started_owner_idx ON run (owner_node) WHERE status = 'STARTED';
