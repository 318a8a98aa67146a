package io.sluice.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.cluster.Node;
import io.sluice.cluster.NodeState;
import io.sluice.cluster.NodeStore;
import io.sluice.runs.RunOwner;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The contract of the nodes' store ({@link NodeStore}): a start marks the earlier starts of its place LOST and names
 * them; a renewal extends an alive node's lease and updates nothing once the node is LOST; pruning deletes only nodes
 * that ended before the cut-off. Run per backend.
 */
public abstract class NodeRegistryContract {

    @Inject
    protected NodeStore nodes;

    @Inject
    protected ActiveStore active;

    protected abstract String expectedBackend();

    protected final Instant t0 =
            Instant.parse("2031-01-01T00:00:00Z").plus((long) (Math.random() * 1_000_000), ChronoUnit.SECONDS);

    protected Node node(String host, String dir, Instant now) {
        return Node.starting(
                UUID.randomUUID().toString(),
                host + ":" + dir,
                host,
                dir,
                42,
                "test",
                true,
                2,
                now,
                Duration.ofSeconds(30));
    }

    @Test
    void runsOnTheExpectedBackend() {
        assertThat(active.backend()).isEqualTo(expectedBackend());
    }

    @Test
    void aRestartMarksTheEarlierStartOfItsPlaceLostAndNamesIt() {
        String dir = "/srv/" + UUID.randomUUID();
        Node first = node("host-a", dir, t0);
        Node elsewhere = node("host-b", dir, t0);
        nodes.register(first);
        nodes.register(elsewhere);
        Node second = node("host-a", dir, t0.plusSeconds(5));

        assertThat(nodes.register(second)).contains(first.id());

        Node lost = nodes.find(first.id()).orElseThrow();
        assertThat(lost.state()).isEqualTo(NodeState.LOST);
        assertThat(lost.endReason()).isEqualTo("restarted");
        assertThat(nodes.find(second.id()).orElseThrow().state()).isEqualTo(NodeState.RUNNING);
        if (expectedBackend().equals("postgresql")) {
            assertThat(lost.endedBy()).isEqualTo(second.id());
            assertThat(nodes.find(elsewhere.id()).orElseThrow().state())
                    .as("another host's node is alive")
                    .isEqualTo(NodeState.RUNNING);
        }
    }

    @Test
    void aRenewalExtendsTheLeaseOfAnAliveNodeAndUpdatesNothingOnceItIsLost() {
        String dir = "/srv/" + UUID.randomUUID();
        Node a = node("host-a", dir, t0);
        nodes.register(a);

        assertThat(nodes.renew(a.id(), t0.plusSeconds(5), t0.plusSeconds(35))).isTrue();
        Node renewed = nodes.find(a.id()).orElseThrow();
        assertThat(renewed.heartbeatAt()).isEqualTo(t0.plusSeconds(5));
        assertThat(renewed.leaseUntil()).isEqualTo(t0.plusSeconds(35));

        nodes.register(node("host-a", dir, t0.plusSeconds(6)));
        assertThat(nodes.renew(a.id(), t0.plusSeconds(10), t0.plusSeconds(40)))
                .as("a node declared lost must not renew")
                .isFalse();
        assertThat(nodes.find(a.id()).orElseThrow().leaseUntil()).isEqualTo(t0.plusSeconds(35));
    }

    @Test
    void pruningDeletesOnlyNodesThatEndedBeforeTheCutOff() {
        String dir = "/srv/" + UUID.randomUUID();
        Node first = node("host-a", dir, t0);
        nodes.register(first);
        Node second = node("host-a", dir, t0.plusSeconds(5)); // first ends at t0 + 5 s
        nodes.register(second);

        nodes.prune(t0.plusSeconds(4));
        assertThat(nodes.find(first.id())).as("ended after the cut-off").isPresent();

        assertThat(nodes.prune(t0.plusSeconds(6))).isGreaterThanOrEqualTo(1);
        assertThat(nodes.find(first.id())).as("ended before the cut-off").isEmpty();
        assertThat(nodes.find(second.id())).as("alive").isPresent();
        assertThat(nodes.find(RunOwner.BEFORE_LEASES))
                .as("the placeholder of runs before leases: a fresh store has none (it owns no run)")
                .isEmpty();
    }

    @Test
    void theStoresClockIsRead() {
        assertThat(nodes.databaseNow()).isAfter(Instant.parse("2020-01-01T00:00:00Z"));
    }
}
