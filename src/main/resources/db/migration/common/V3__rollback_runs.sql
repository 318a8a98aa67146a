-- A run either materializes assets or rolls an asset's table back to an earlier state.
ALTER TABLE run ADD COLUMN kind VARCHAR(16) DEFAULT 'MATERIALIZE' NOT NULL;
ALTER TABLE run ADD COLUMN rollback_to VARCHAR(200);
