package io.sluice.alerts.watch;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.sluice.alerts.Backoff;
import io.sluice.alerts.deliver.AlertSettings;
import io.sluice.alerts.deliver.Channel;
import io.sluice.alerts.deliver.Delivery;
import io.sluice.alerts.deliver.HttpSender;
import io.sluice.cluster.ThisNode;
import io.sluice.periodic.Periodic;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Delivers the outbox: claims due notifications (a claim is a lease, so a node that dies mid-delivery leaves them to
 * another once it expires), sends each to its channel, and records the attempt: sent, tried again after the
 * {@link Backoff}, or failed for good (a channel that refuses the message, or 30 attempts). A notification is sent at
 * least once; its id goes with it ({@code X-Sluice-Delivery}, the body's {@code id}) for receivers that de-duplicate.
 */
@ApplicationScoped
public class AlertDelivery {

    private static final Logger LOG = Logger.getLogger(AlertDelivery.class);
    static final int BATCH = 20;
    static final Duration CLAIM = Duration.ofMinutes(2);

    private final AlertStore store;
    private final Instance<AlertRules> rules;
    private final AlertSettings settings;
    private final InstantSource clock;
    private final ThisNode self;
    private final HttpSender sender;
    private final MailSender mail;
    private volatile Periodic loop;

    AlertDelivery(
            AlertStore store,
            Instance<AlertRules> rules,
            AlertSettings settings,
            InstantSource clock,
            ThisNode self,
            MailSender mail) {
        this.mail = mail;
        this.store = store;
        this.rules = rules;
        this.settings = settings;
        this.clock = clock;
        this.self = self;
        this.sender = new HttpSender(clock);
    }

    void onStart(@Observes StartupEvent event) {
        if (settings.enabled()) {
            loop = Periodic.start(
                    "sluice-alerts-delivery",
                    settings::interval,
                    this::deliverDue,
                    e -> LOG.errorf(e, "delivering notifications failed; trying again at the next round"));
        }
    }

    void onStop(@Observes ShutdownEvent event) {
        Periodic running = loop;
        if (running != null) {
            running.stop();
        }
    }

    public void wake() {
        Periodic running = loop;
        if (running != null) {
            running.wake();
        }
    }

    /** Delivers what is due now, in batches; returns how many were sent. */
    public int deliverDue() {
        int sent = 0;
        while (true) {
            Instant now = clock.instant();
            var claimed = store.claimDue(self.nodeId(), now, now.plus(CLAIM), BATCH);
            if (claimed.isEmpty()) {
                return sent;
            }
            for (AlertStore.Stored n : claimed) {
                if (deliver(n)) {
                    sent++;
                }
            }
            if (claimed.size() < BATCH) {
                return sent;
            }
        }
    }

    private static Delivery logged(AlertStore.Stored n) {
        LOG.warnf("%s: %s", n.notification().title(), n.notification().text());
        return new Delivery(true, false, null);
    }

    private boolean deliver(AlertStore.Stored n) {
        Optional<Channel> channel = rules.get().channel(n.channel());
        Delivery result = channel.map(c -> switch (c.type()) {
                    case LOG -> logged(n);
                    case EMAIL -> mail.send(c, n.notification(), "sluice-" + n.id());
                    default -> sender.send(c, n.notification(), "sluice-" + n.id());
                })
                .orElseGet(() -> new Delivery(
                        false,
                        false,
                        "channel " + n.channel() + " is no longer configured; the notification is not sent"));
        Instant now = clock.instant();
        Optional<Instant> retryAt = result.delivered() || !result.retry()
                ? Optional.empty()
                : Backoff.after(n.attempts() + 1).map(now::plus);
        if (!result.delivered()) {
            LOG.warnf(
                    "notification %d (rule %s) to channel %s: %s%s",
                    n.id(),
                    n.notification().rule(),
                    n.channel(),
                    result.error(),
                    retryAt.isEmpty() ? " (given up)" : "");
        }
        store.attempted(n.id(), self.nodeId(), now, result.delivered(), retryAt, result.error());
        return result.delivered();
    }
}
