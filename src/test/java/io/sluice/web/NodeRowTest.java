package io.sluice.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.app.NodeList;
import io.sluice.cluster.Node;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class NodeRowTest {

    private static final Instant NOW = Instant.parse("2026-12-07T10:00:00Z");

    private static Node node(boolean executes, int workers, String lakeId) {
        Node n = Node.starting("n1", "a", "host-a", "/data", 7, "1.0", executes, workers, NOW, Duration.ofSeconds(30));
        return new Node(
                n.id(),
                n.name(),
                n.host(),
                n.dataDir(),
                n.pid(),
                n.version(),
                n.executes(),
                n.serves(),
                lakeId,
                n.workers(),
                null,
                n.state(),
                n.startedAt(),
                n.heartbeatAt(),
                n.leaseUntil(),
                null,
                null,
                null);
    }

    @Test
    void doesSaysWhatTheNodeDoesInWords() {
        assertThat(NodeRow.does(node(true, 4, "lake-1"))).isEqualTo("runs (4 workers), lake, API and pages");
        assertThat(NodeRow.does(node(false, 0, null))).isEqualTo("API and pages");
        assertThat(NodeRow.does(node(true, 2, null))).isEqualTo("runs (2 workers), API and pages");
    }

    @Test
    void aNodeSilentForMoreThanTwoHeartbeatsIsLate() {
        Node n = node(true, 4, null);
        NodeRow onTime = NodeRow.of(new NodeList.NodeView(n, false, NOW, 10, 0), Duration.ofSeconds(5));
        NodeRow late = NodeRow.of(new NodeList.NodeView(n, false, NOW, 11, 3), Duration.ofSeconds(5));
        assertThat(onTime.late()).isFalse();
        assertThat(onTime.silence()).isEqualTo("10 s ago");
        assertThat(late.late()).isTrue();
        assertThat(late.runs()).isEqualTo(3);
        assertThat(NodeRow.silence(184)).isEqualTo("3 min 4 s ago");
        assertThat(onTime.ended()).isEmpty();
        assertThat(onTime.host()).isEqualTo("host-a · pid 7");
    }
}
