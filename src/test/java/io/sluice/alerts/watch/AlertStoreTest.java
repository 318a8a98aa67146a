package io.sluice.alerts.watch;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.sluice.alerts.AlertCause;
import io.sluice.alerts.Notification;
import io.sluice.alerts.Throttle;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What makes alerting once-only across a cluster, on the store: one round at a time holds the lock, a firing incident
 * is handled once, and two nodes claiming the outbox at once claim each notification once. On H2 here, on PostgreSQL
 * in a subclass.
 */
@QuarkusTest
class AlertStoreTest {

    @Inject
    AlertStore store;

    @Test
    void whileOneRoundHoldsTheLockAnotherSkipsIt() throws Exception {
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<Boolean> first = CompletableFuture.supplyAsync(() -> QuarkusTransaction.requiringNew()
                .call(() -> {
                    boolean locked = store.lockRound();
                    held.countDown();
                    release.await(30, TimeUnit.SECONDS);
                    return locked;
                }));
        assertThat(held.await(30, TimeUnit.SECONDS)).isTrue();
        boolean second = QuarkusTransaction.requiringNew().call(store::lockRound);
        release.countDown();
        assertThat(first.get(30, TimeUnit.SECONDS)).isTrue();
        assertThat(second).as("another node's round, at the same time").isFalse();
        assertThat(QuarkusTransaction.requiringNew().call(store::lockRound))
                .as("once the first committed")
                .isTrue();
    }

    @Test
    void aFiringIncidentIsHandledOnce() {
        String key = "test|" + UUID.randomUUID();
        Instant at = Instant.now();
        assertThat(QuarkusTransaction.requiringNew().call(() -> store.firstSeen(key, at)))
                .isTrue();
        assertThat(QuarkusTransaction.requiringNew().call(() -> store.firstSeen(key, at)))
                .isFalse();
    }

    @Test
    void twoNodesClaimingTheOutboxAtOnceClaimEachNotificationOnce() throws Exception {
        String rule = "claim-" + UUID.randomUUID().toString().substring(0, 8);
        Instant now = Instant.now();
        for (int i = 0; i < 30; i++) {
            store.enqueue(
                    "log",
                    new Notification(
                            rule,
                            AlertCause.NODE_LOST,
                            "node n" + i,
                            Throttle.Kind.FIRING,
                            "node n" + i,
                            "lost",
                            0,
                            now),
                    now);
        }
        List<CompletableFuture<List<Long>>> nodes = new ArrayList<>();
        for (String node : List.of("node-a", "node-b", "node-c")) {
            nodes.add(CompletableFuture.supplyAsync(() -> {
                List<Long> ids = new ArrayList<>();
                List<AlertStore.Stored> claimed;
                do {
                    claimed = store.claimDue(node, Instant.now(), Instant.now().plusSeconds(120), 4);
                    claimed.stream()
                            .filter(s -> s.notification().rule().equals(rule))
                            .forEach(s -> ids.add(s.id()));
                } while (!claimed.isEmpty());
                return ids;
            }));
        }
        List<Long> all = new ArrayList<>();
        for (CompletableFuture<List<Long>> node : nodes) {
            all.addAll(node.get(60, TimeUnit.SECONDS));
        }
        assertThat(all).doesNotHaveDuplicates().hasSize(30);
        assertThat(store.claimDue("node-d", Instant.now(), Instant.now().plusSeconds(120), 100))
                .as("claimed rows are not due to another node until their claim expires")
                .noneMatch(s -> s.notification().rule().equals(rule));
        assertThat(store.recent(100, Optional.empty(), Optional.of("PENDING"), Optional.of(rule)))
                .hasSize(30);
    }
}
