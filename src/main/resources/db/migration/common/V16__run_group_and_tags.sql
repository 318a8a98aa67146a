-- Runs know a generic group and tags instead of a backfill (issue 17): the runs of a backfill have the backfill's id as
-- their group and the tag sluice/backfill; a run queued again after a crash carries sluice/parent-run (the run that
-- died) and sluice/attempt (its attempt, counting the first). The column keeps its values and its index.
ALTER TABLE run RENAME COLUMN backfill_id TO group_id;
ALTER INDEX run_backfill_queue_idx RENAME TO run_group_queue_idx;
ALTER TABLE run ADD COLUMN tags_json VARCHAR;

UPDATE run SET tags_json = '{"sluice/backfill":"' || group_id || '"}' WHERE group_id IS NOT NULL;

-- Retries made before this migration: their reason reads 'attempt N: run <id> died with the process'.
UPDATE run SET tags_json = '{"sluice/attempt":"' || SUBSTRING(reason FROM 9 FOR POSITION(':' IN reason) - 9)
        || '","sluice/backfill":"' || group_id
        || '","sluice/parent-run":"' || SUBSTRING(reason FROM POSITION(': run ' IN reason) + 6
                FOR POSITION(' died with the process' IN reason) - POSITION(': run ' IN reason) - 6) || '"}'
    WHERE group_id IS NOT NULL AND kind = 'MATERIALIZE' AND reason LIKE 'attempt %: run % died with the process';
