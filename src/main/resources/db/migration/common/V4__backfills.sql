-- Backfills: a partitioned selection launched as many runs, throttled, paused, resumed, retried.
CREATE TABLE backfill (
    id                 VARCHAR(36)  NOT NULL PRIMARY KEY,
    status             VARCHAR(16)  NOT NULL,
    assets             VARCHAR      NOT NULL,
    mode               VARCHAR(16)  NOT NULL,
    request_json       VARCHAR      NOT NULL,
    reason             VARCHAR(2000),
    launched_by        VARCHAR(200) NOT NULL,
    created_at         TIMESTAMP WITH TIME ZONE NOT NULL,
    ended_at           TIMESTAMP WITH TIME ZONE,
    partition_count    BIGINT       NOT NULL,
    run_count          INT          NOT NULL,
    max_concurrent     INT          NOT NULL,
    parent_id          VARCHAR(36)
);
CREATE INDEX backfill_created_idx ON backfill (created_at);

ALTER TABLE run ADD COLUMN backfill_id VARCHAR(36);
ALTER TABLE run ADD COLUMN seq BIGINT DEFAULT 0 NOT NULL;
CREATE INDEX run_backfill_idx ON run (backfill_id, status);
CREATE INDEX run_queue_idx ON run (status, created_at, seq);

-- One active (queued or started) run per asset partition: the primary key refuses a second launch.
CREATE TABLE active_partition (
    asset_key     VARCHAR(400) NOT NULL,
    partition_key VARCHAR(200) NOT NULL,
    run_id        VARCHAR(36)  NOT NULL,
    PRIMARY KEY (asset_key, partition_key)
);
CREATE INDEX active_partition_run_idx ON active_partition (run_id);

-- The latest outcome of each asset partition, kept current as runs finish.
CREATE TABLE partition_status (
    asset_key     VARCHAR(400) NOT NULL,
    partition_key VARCHAR(200) NOT NULL,
    status        VARCHAR(16)  NOT NULL,
    run_id        VARCHAR(36)  NOT NULL,
    updated_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (asset_key, partition_key)
);
