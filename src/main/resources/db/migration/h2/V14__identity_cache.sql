-- H2 hands out identity values from a cache of 32 by default and, each time the cache runs out, stores the sequence,
-- which with WRITE_DELAY=0 writes every page changed so far to the file: for a backfill run's two log lines,
-- materialization event and audit event, a file write every eight runs, about a third of the CPU of storing them.
-- A larger cache only means that ids skip up to that many values after a process is killed (never a duplicate:
-- H2 stores the end of the cached range before handing out values from it); ids order rows, they are not counts.
ALTER TABLE run_log ALTER COLUMN id SET CACHE 10000;
ALTER TABLE materialization ALTER COLUMN id SET CACHE 10000;
ALTER TABLE audit_event ALTER COLUMN id SET CACHE 10000;
ALTER TABLE check_result ALTER COLUMN id SET CACHE 10000;
ALTER TABLE partition_wait ALTER COLUMN id SET CACHE 10000;
