-- Keys of dynamic partitions, added and removed at run time (every change is an audit event).
CREATE TABLE dynamic_partition_key (
    name          VARCHAR(200) NOT NULL,
    partition_key VARCHAR(200) NOT NULL,
    added_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    seq           BIGINT       NOT NULL,
    PRIMARY KEY (name, partition_key)
);
CREATE INDEX dynamic_partition_key_order_idx ON dynamic_partition_key (name, seq);
