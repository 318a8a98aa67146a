-- A backfill's rate and time left count the time it ran, not the time it was paused: paused_at is when its current
-- pause began (null unless PAUSED), paused_ms the length of its earlier pauses. A backfill paused when this migration
-- runs is paused since its latest BACKFILL_PAUSED event; earlier pauses of backfills stored before it are not known.
ALTER TABLE backfill ADD COLUMN paused_at TIMESTAMP WITH TIME ZONE;
ALTER TABLE backfill ADD COLUMN paused_ms BIGINT DEFAULT 0 NOT NULL;
UPDATE backfill SET paused_at = (SELECT MAX(a.ts) FROM audit_event a
        WHERE a.backfill_id = backfill.id AND a.action = 'BACKFILL_PAUSED')
    WHERE status = 'PAUSED';
UPDATE backfill SET paused_at = created_at WHERE status = 'PAUSED' AND paused_at IS NULL;
