-- When a partition's data was last materialized (NULL: it has none: never materialized, or a rollback removed it),
-- kept apart from its latest outcome: a partition whose latest run failed is FAILED and may still hold the data of an
-- earlier run, which what reads it downstream counts as materialized.
ALTER TABLE partition_status ADD COLUMN materialized_at TIMESTAMP WITH TIME ZONE;
UPDATE partition_status SET materialized_at = updated_at WHERE status = 'MATERIALIZED';
