package io.sluice.alerts.watch;

import io.sluice.alerts.AlertPlanner;
import io.sluice.alerts.Notification;
import io.sluice.alerts.Throttle;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Alerting's storage port: the round's lock, cursor, de-duplication and throttle states, the outbox and its delivery
 * claims, and the run-time edits of rules. The round's methods run in the caller's transaction.
 */
public interface AlertStore {

    /** Takes the cluster's alerting lock for the current transaction; false if another node's round holds it. */
    boolean lockRound();

    /** Up to when the last round read; empty before the first round. */
    Optional<Instant> scannedTo();

    void scanned(Instant to);

    /** Records that the firing incident {@code key} is handled; false if it was already. */
    boolean firstSeen(String key, Instant at);

    /** Forgets the handled keys of windowed sources older than {@code before}, and of freshness older than {@code longBefore}. */
    void forgetSeen(Instant before, Instant longBefore);

    Throttle.State state(AlertPlanner.Key key);

    void save(AlertPlanner.Key key, Throttle.State state);

    /** Adds a notification to the outbox, due at once. */
    void enqueue(String channel, Notification notification, Instant now);

    /** A notification in the outbox, as delivery and the list read it. */
    record Stored(
            long id,
            String channel,
            Notification notification,
            String status,
            int attempts,
            Instant createdAt,
            Optional<Instant> sentAt,
            Optional<String> lastError) {}

    /** Claims up to {@code max} due pending notifications for {@code node} until {@code until} (its own transaction). */
    List<Stored> claimDue(String node, Instant now, Instant until, int max);

    /** Records an attempt of a claimed notification: sent, to be tried again at {@code retryAt}, or failed for good. */
    void attempted(long id, String node, Instant now, boolean sent, Optional<Instant> retryAt, String error);

    /** The outbox, newest first: at most {@code limit} before id {@code beforeId}, of one status and rule if given. */
    List<Stored> recent(int limit, Optional<Long> beforeId, Optional<String> status, Optional<String> rule);

    /** Counts by status: PENDING, SENT, FAILED. */
    Map<String, Long> counts();

    /** A rule's run-time edit: each field empty keeps what the code declares. */
    record RuleEdit(
            String rule,
            Optional<Boolean> enabled,
            Optional<java.util.Set<io.sluice.alerts.AlertCause>> causes,
            Optional<List<String>> assets,
            Optional<List<String>> groups,
            Optional<List<String>> channels,
            Optional<java.time.Duration> window,
            String by,
            Instant at) {}

    Map<String, RuleEdit> edits();

    void saveEdit(RuleEdit edit);

    void removeEdit(String rule);
}
