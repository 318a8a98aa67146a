-- Issue 32 item 4: the freshness of each asset with a policy (partition_key '') and of each of its partitions that is
-- late or due soon under a partition deadline (a partition without a row is fresh). A transition is an insert or an
-- update guarded by the previous state, so that it is seen once across restarts and across the nodes of a cluster.
CREATE TABLE freshness_state (
    asset_key     VARCHAR(400)  NOT NULL,
    partition_key VARCHAR(200)  NOT NULL,
    state         VARCHAR(16)   NOT NULL,             -- FRESH, WARNING, STALE
    since         TIMESTAMP WITH TIME ZONE NOT NULL,
    detail        VARCHAR(1000) NOT NULL,
    changed_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (asset_key, partition_key)
);
