-- Authentication (io.sluice.access): users, their sessions, their API tokens and failed logins, shared by every node.
-- grants: a user's or a token's roles, comma-separated, each "role" (every asset group) or "role:group".
CREATE TABLE sluice_user (
    name           VARCHAR(200)             NOT NULL PRIMARY KEY,
    password_hash  VARCHAR(200)             NOT NULL,
    grants         VARCHAR(4000)            NOT NULL,
    must_change    BOOLEAN                  NOT NULL,
    created_at     TIMESTAMP WITH TIME ZONE NOT NULL,
    disabled_at    TIMESTAMP WITH TIME ZONE
);

-- A login session: only the SHA-256 of the random id the cookie carries is kept, so that a copy of this table logs no one in.
CREATE TABLE access_session (
    id_hash       VARCHAR(64)              NOT NULL PRIMARY KEY,
    user_name     VARCHAR(200)             NOT NULL,
    created_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    last_seen_at  TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX access_session_user ON access_session (user_name);

-- A personal API token: only the SHA-256 of its secret is kept.
CREATE TABLE api_token (
    id            VARCHAR(40)              NOT NULL PRIMARY KEY,
    secret_hash   VARCHAR(64)              NOT NULL UNIQUE,
    user_name     VARCHAR(200)             NOT NULL,
    name          VARCHAR(200)             NOT NULL,
    grants        VARCHAR(4000)            NOT NULL,
    created_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    expires_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    revoked_at    TIMESTAMP WITH TIME ZONE,
    last_used_at  TIMESTAMP WITH TIME ZONE
);
CREATE INDEX api_token_user ON api_token (user_name);

-- Failed logins per subject ("user:<name>" or "address:<ip>") in the current window, for the login throttle.
CREATE TABLE login_failure (
    subject       VARCHAR(300)             NOT NULL PRIMARY KEY,
    failures      INT                      NOT NULL,
    window_start  TIMESTAMP WITH TIME ZONE NOT NULL,
    last_at       TIMESTAMP WITH TIME ZONE NOT NULL
);
