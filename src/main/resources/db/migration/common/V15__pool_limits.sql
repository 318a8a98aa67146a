-- Limits of the concurrency pools, set over the API: they outlive a restart and are shared by every node.
CREATE TABLE pool_limit (
    name        VARCHAR(200)             NOT NULL PRIMARY KEY,
    pool_limit  INT                      NOT NULL,
    updated_at  TIMESTAMP WITH TIME ZONE NOT NULL
);
