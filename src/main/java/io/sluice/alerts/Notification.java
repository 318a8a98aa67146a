package io.sluice.alerts;

import java.time.Instant;

/**
 * One notification to one channel, as the outbox keeps it until delivered: the rule, the cause, the asset ("-" for
 * none), firing or resolved, the incident's subject and sentence, how many incidents the throttle suppressed before it,
 * and when.
 */
public record Notification(
        String rule,
        AlertCause cause,
        String asset,
        Throttle.Kind kind,
        String subject,
        String detail,
        long suppressed,
        Instant at) {

    public Notification {
        if (kind != Throttle.Kind.FIRING && kind != Throttle.Kind.RESOLVED) {
            throw new IllegalArgumentException("a notification fires or resolves, not " + kind);
        }
    }

    /** One line a person reads first: "[sluice] FIRING raw/filings: a run failed (rule on-failure)". */
    public String title() {
        return "[sluice] " + kind + " " + asset + ": " + (kind == Throttle.Kind.RESOLVED ? "resolved, " : "")
                + cause.sentence() + " (rule " + rule + ")";
    }

    /** The sentence, with the suppressed count when there is one. */
    public String text() {
        return detail
                + (suppressed == 0
                        ? ""
                        : " (" + suppressed + " more " + (suppressed == 1 ? "incident was" : "incidents were")
                                + " suppressed since the last notification)");
    }
}
