-- Audit events name the backfill they belong to, so the trail of a backfill can be read on its own.
ALTER TABLE audit_event ADD COLUMN backfill_id VARCHAR(36);
CREATE INDEX audit_event_backfill_idx ON audit_event (backfill_id);
CREATE INDEX audit_event_ts_idx ON audit_event (ts);
