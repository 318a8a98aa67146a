package io.sluice.audit;

/** What an audit event records. */
public enum AuditAction {
    RUN_LAUNCHED,
    RUN_CANCEL_REQUESTED,
    RUN_FINISHED,
    RUN_RECOVERED,
    /** A node stopped renewing its lease and another node declared it lost. */
    NODE_LOST,
    /** A run of a node that ended was ended (and retried) by another node. */
    RUN_TAKEN_OVER,
    /** A run of a node that drained went back to the queue under the same id (it costs no attempt). */
    RUN_HANDED_BACK,
    /** An administrator asked a node to drain (stop claiming and hand its runs back). */
    NODE_DRAIN_REQUESTED,
    /** An administrator put a draining node back to work. */
    NODE_RESUMED,
    BACKFILL_LAUNCHED,
    BACKFILL_PAUSED,
    BACKFILL_RESUMED,
    BACKFILL_CANCELED,
    BACKFILL_RETRIED,
    BACKFILL_FINISHED,
    PARTITION_KEYS_ADDED,
    PARTITION_KEYS_REMOVED,
    POOL_LIMIT_SET,
    POOL_LIMIT_REMOVED,
    SCHEDULE_STARTED,
    SCHEDULE_STOPPED,
    SENSOR_STARTED,
    SENSOR_STOPPED,
    USER_CREATED,
    USER_ROLES_CHANGED,
    USER_DISABLED,
    USER_ENABLED,
    USER_PASSWORD_RESET,
    TOKEN_CREATED,
    TOKEN_REVOKED,
    ALERT_RULE_EDITED,
    ALERT_RULE_RESET
}
