package io.sluice.audit;

/** What an audit event records. */
public enum AuditAction {
    RUN_LAUNCHED, RUN_CANCEL_REQUESTED, RUN_FINISHED, RUN_RECOVERED
}
