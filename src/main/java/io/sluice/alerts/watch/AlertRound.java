package io.sluice.alerts.watch;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.sluice.alerts.AlertPlanner;
import io.sluice.alerts.AlertRule;
import io.sluice.alerts.deliver.AlertSettings;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetCatalog;
import io.sluice.lake.AssetCheck;
import io.sluice.periodic.Periodic;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import org.jboss.logging.Logger;

/**
 * Detection: every {@code sluice.alerts.interval} (not on every run's end: a backfill ends thousands a second), one node at a time takes the cluster's alerting
 * lock and, in one transaction, reads what happened since its cursor ({@link AlertSources}, the window reaching back
 * {@code sluice.alerts.overlap} for what committed late), drops the firing incidents already handled (by key), decides
 * with the rules in force ({@link AlertPlanner}), and writes the throttle states, the outbox rows and the cursor. A crash
 * anywhere loses nothing and repeats nothing: the transaction is all or none, and the next round reads the same again.
 */
@ApplicationScoped
public class AlertRound {

    private static final Logger LOG = Logger.getLogger(AlertRound.class);
    static final Duration FORGET_SEEN = Duration.ofDays(1);
    static final Duration FORGET_FRESHNESS = Duration.ofDays(60);

    private final AlertRules rules;
    private final AlertStore store;
    private final AlertSources sources;
    private final AlertSettings settings;
    private final AssetCatalog catalog;
    private final InstantSource clock;
    private final AlertDelivery delivery;
    private final ReentrantLock running = new ReentrantLock();
    private volatile Periodic loop;

    AlertRound(
            AlertRules rules,
            AlertStore store,
            AlertSources sources,
            AlertSettings settings,
            AssetCatalog catalog,
            InstantSource clock,
            AlertDelivery delivery) {
        this.rules = rules;
        this.store = store;
        this.sources = sources;
        this.settings = settings;
        this.catalog = catalog;
        this.clock = clock;
        this.delivery = delivery;
    }

    void onStart(@Observes StartupEvent event) {
        rules.all(); // the declared rules and the channels are checked at start, not at the first round
        if (settings.enabled()) {
            loop = Periodic.startAfterInterval(
                    "sluice-alerts",
                    settings::interval,
                    () -> round(clock.instant()),
                    e -> LOG.errorf(e, "an alerting round failed; the next round reads the same again"));
        }
    }

    void onStop(@Observes ShutdownEvent event) {
        Periodic running = loop;
        if (running != null) {
            running.stop();
        }
    }

    /** One round at {@code now}; returns the notifications it wrote to the outbox (0 if another node holds the lock). */
    public int round(Instant now) {
        running.lock();
        try {
            int written = QuarkusTransaction.requiringNew().call(() -> roundInTransaction(now));
            if (written > 0) {
                delivery.wake();
            }
            return written;
        } finally {
            running.unlock();
        }
    }

    private int roundInTransaction(Instant now) {
        if (!store.lockRound()) {
            return 0;
        }
        Instant from = store.scannedTo().map(t -> t.minus(settings.overlap())).orElse(now.minus(settings.overlap()));
        List<AlertRule> inForce =
                rules.inForce().stream().filter(AlertRule::enabled).toList();
        int written = 0;
        if (!inForce.isEmpty() && from.isBefore(now)) {
            List<AlertRule> longRuns =
                    inForce.stream().filter(r -> r.maxDuration().isPresent()).toList();
            List<AlertPlanner.Observed> fresh = new ArrayList<>();
            for (AlertPlanner.Observed o : sources.read(from, now, rowCountChecks(), longRuns)) {
                boolean watched = inForce.stream()
                        .anyMatch(r -> r.watches(o.incident())
                                && o.rule().map(r.name()::equals).orElse(true));
                if (watched
                        && (o.incident().clearing()
                                || store.firstSeen(
                                        o.incident().key(), o.incident().at()))) {
                    fresh.add(o);
                }
            }
            AlertPlanner.Plan plan = AlertPlanner.plan(inForce, fresh, store::state);
            plan.states().forEach(store::save);
            plan.outbox().forEach(o -> store.enqueue(o.channel(), o.notification(), now));
            written = plan.outbox().size();
        }
        if (from.isBefore(now)) {
            store.scanned(now);
        }
        store.forgetSeen(now.minus(FORGET_SEEN), now.minus(FORGET_FRESHNESS));
        return written;
    }

    /** The checks that compare a row count with history, as {@code "asset|check"}. */
    private Set<String> rowCountChecks() {
        Set<String> out = new HashSet<>();
        for (Asset<?> asset : catalog.all()) {
            asset.spec()
                    .table()
                    .ifPresent(t -> t.checks().stream()
                            .filter(c -> c instanceof AssetCheck.RowCountTolerance)
                            .forEach(c -> out.add(asset.spec().key() + "|" + c.name())));
        }
        return out;
    }
}
