-- The placeholder node of runs left STARTED before leases (V29_1) is needed only while it owns such a run: a fresh
-- store (or one that had none) showed it as a LOST node forever. Once it owns none, pruning deletes it like any other.
DELETE FROM node WHERE id = '00000000-0000-0000-0000-000000000029'
    AND NOT EXISTS (SELECT 1 FROM run r WHERE r.owner_node = node.id AND r.status = 'STARTED');
