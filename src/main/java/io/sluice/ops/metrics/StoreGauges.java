package io.sluice.ops.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.sluice.cluster.NodeHeartbeat;
import io.sluice.ops.metrics.store.MetricsStore;
import io.sluice.ops.metrics.store.StoreReading;
import io.sluice.periodic.Periodic;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The gauges a dashboard graphs from the metadata store: runs queued and running, the unfinished backfills and their
 * partitions by state, each schedule's and sensor's last tick age, and this node's heartbeat age. The store is read
 * every {@code sluice.metrics.refresh} on a thread of its own, never on a scrape; each gauge shows the latest reading.
 */
@ApplicationScoped
public class StoreGauges {

    private static final Logger LOG = Logger.getLogger(StoreGauges.class);

    private final MeterRegistry registry;
    private final MetricsStore store;
    private final NodeHeartbeat heartbeat;
    private final InstantSource clock;
    private final Duration refresh;
    private final Set<StoreReading.Ticker> tickers = ConcurrentHashMap.newKeySet();
    private volatile StoreReading reading = StoreReading.NONE;
    private volatile Periodic reads;

    StoreGauges(
            MeterRegistry registry,
            MetricsStore store,
            NodeHeartbeat heartbeat,
            InstantSource clock,
            @ConfigProperty(name = "sluice.metrics.refresh") Duration refresh) {
        this.registry = registry;
        this.store = store;
        this.heartbeat = heartbeat;
        this.clock = clock;
        this.refresh = refresh;
    }

    void onStart(@Observes StartupEvent event) {
        Gauge.builder("sluice.runs.active", this, g -> g.reading.queued())
                .description("Runs waiting in the queue (all nodes)")
                .tag("status", "queued")
                .register(registry);
        Gauge.builder("sluice.runs.active", this, g -> g.reading.running())
                .description("Runs waiting in the queue or running (all nodes)")
                .tag("status", "running")
                .register(registry);
        Gauge.builder("sluice.backfills.active", this, g -> g.reading.backfills())
                .description("Backfills running or paused")
                .register(registry);
        for (String state : StoreReading.PARTITION_STATES) {
            Gauge.builder(
                            "sluice.backfill.partitions",
                            this,
                            g -> g.reading.backfillPartitions().getOrDefault(state, 0L))
                    .description("Partitions of the backfills running or paused, by state")
                    .tag("state", state)
                    .register(registry);
        }
        Gauge.builder("sluice.node.heartbeat.age", this, StoreGauges::heartbeatAge)
                .description("Seconds since this node last renewed its lease (0 on H2, where the data directory's"
                        + " lock is the lease)")
                .baseUnit("seconds")
                .register(registry);
        reads = Periodic.start(
                "sluice-metrics",
                () -> refresh,
                this::read,
                e -> LOG.debugf("reading the gauges from the store failed (%s); trying again", e.getMessage()));
    }

    void onStop(@Observes ShutdownEvent event) {
        Periodic r = reads;
        reads = null;
        if (r != null) {
            r.stop();
        }
    }

    /** One reading of the store; gauges of schedules and sensors seen for the first time are registered. */
    void read() {
        StoreReading next = store.read();
        reading = next;
        for (StoreReading.Ticker t : next.lastTicks().keySet()) {
            if (tickers.add(t)) {
                Gauge.builder("sluice.automation.tick.age", this, g -> g.tickAge(t))
                        .description("Seconds since the schedule or sensor last ticked")
                        .tag("kind", t.kind().toLowerCase(Locale.ROOT))
                        .tag("name", t.name())
                        .baseUnit("seconds")
                        .register(registry);
            }
        }
    }

    private double tickAge(StoreReading.Ticker t) {
        Instant last = reading.lastTicks().get(t);
        return last == null ? Double.NaN : seconds(last);
    }

    private double heartbeatAge() {
        return heartbeat.renews() ? seconds(heartbeat.lastRenewal()) : 0;
    }

    private double seconds(Instant since) {
        return Math.max(0, Duration.between(since, clock.instant()).toMillis() / 1000.0);
    }
}
