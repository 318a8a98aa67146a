package io.sluice.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.cluster.LakeLock;
import io.sluice.cluster.Node;
import io.sluice.testing.PostgresProfile;
import java.sql.SQLException;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The {@link LakeLockContract} on postgresql. */
@QuarkusTest
@TestProfile(PostgresProfile.class)
class PostgresLakeLockTest extends LakeLockContract {
    @Override
    protected String expectedBackend() {
        return "postgresql";
    }

    @Test
    void anotherLakeIsRefusedWhileTheLakeNodeRunsAndAfterItLetGo() throws SQLException {
        Node a = started("host-a", "/srv/" + UUID.randomUUID(), t0);
        Node b = started("host-b", "/srv/" + UUID.randomUUID(), t0.plusSeconds(1));
        assertThat(take(a, lakeA, t0)).isTrue();

        assertThat(take(b, lakeB, t0.plusSeconds(1))).isFalse();
        assertThat(take(b, lakeB, t0.plusSeconds(100)))
                .as("even once a's lease ran out")
                .isFalse();
        lock.release(a.id());
        assertThat(take(b, lakeB, t0.plusSeconds(101))).as("even once a let go").isFalse();

        assertThat(lock.holder().lakeId()).contains(lakeA);
        assertThat(lakeOfNode(b.id())).isEmpty();
    }

    @Test
    void theSameLakeIsRefusedWhileAnotherLiveNodeHoldsIt() {
        Node a = started("host-a", "/srv/" + UUID.randomUUID(), t0);
        Node copy = started("host-b", "/srv/" + UUID.randomUUID(), t0.plusSeconds(1));
        assertThat(take(a, lakeA, t0)).isTrue();

        assertThat(take(copy, lakeA, t0.plusSeconds(29))).isFalse();
        assertThat(lock.holder().nodeId()).contains(a.id());
        assertThat(take(copy, lakeA, t0.plusSeconds(31)))
                .as("a's lease ran out")
                .isTrue();
        assertThat(lock.holder().nodeId()).contains(copy.id());
    }

    @Test
    void aRestartAtThePlaceOfTheHolderTakesItAtOnce() {
        String dir = "/srv/" + UUID.randomUUID();
        Node first = started("host-a", dir, t0);
        assertThat(take(first, lakeA, t0)).isTrue();

        Node again = started("host-a", dir, t0.plusSeconds(2)); // registering marks the first start LOST
        assertThat(take(again, lakeA, t0.plusSeconds(2))).isTrue();
        assertThat(lock.holder().nodeId()).contains(again.id());
        assertThat(lock.renew(first.id(), t0.plusSeconds(3)))
                .as("the earlier start holds nothing")
                .isFalse();
    }

    @Test
    void aLostHolderLetsTheSameLakeGoToAnotherNode() throws SQLException {
        Node a = started("host-a", "/srv/" + UUID.randomUUID(), t0);
        Node b = started("host-b", "/srv/" + UUID.randomUUID(), t0.plusSeconds(1));
        assertThat(take(a, lakeA, t0)).isTrue();
        sql("UPDATE node SET state = 'LOST' WHERE id = '" + a.id() + "'");

        assertThat(take(b, lakeA, t0.plusSeconds(1))).isTrue();
        assertThat(lock.holder().nodeId()).contains(b.id());
    }

    @Test
    void nodesJoinASharedLakeTogetherAndAnotherLakeIsRefused() throws SQLException {
        Node a = started("host-a", "/srv/" + UUID.randomUUID(), t0);
        Node b = started("host-b", "/srv/" + UUID.randomUUID(), t0);
        Node c = started("host-c", "/srv/" + UUID.randomUUID(), t0);

        assertThat(lock.join(a, lakeA))
                .as("the first shared lake binds the cluster")
                .isTrue();
        assertThat(lock.join(b, lakeA)).as("a second node joins the same lake").isTrue();

        assertThat(lock.holder())
                .as("nobody holds a shared lake alone")
                .isEqualTo(new LakeLock.Holder(Optional.of(lakeA), Optional.empty(), Optional.empty()));
        assertThat(lakeOfNode(a.id())).contains(lakeA);
        assertThat(lakeOfNode(b.id())).contains(lakeA);
        assertThat(lock.join(c, lakeB)).as("another lake is refused").isFalse();
        assertThat(lakeOfNode(c.id())).isEmpty();
        assertThat(take(c, lakeB, t0))
                .as("a lake of its own (a file) is refused too")
                .isFalse();
        assertThat(lock.holder().lakeId()).contains(lakeA);
    }

    @Test
    void aSharedLakeIsRefusedWhileALakeFileHoldsTheCluster() {
        Node a = started("host-a", "/srv/" + UUID.randomUUID(), t0);
        Node b = started("host-b", "/srv/" + UUID.randomUUID(), t0);
        assertThat(take(a, lakeA, t0)).isTrue();

        assertThat(lock.join(b, lakeB)).isFalse();
        assertThat(lock.join(b, lakeA))
                .as("the id of a lake held alone is not joined either")
                .isFalse();
        assertThat(lock.holder())
                .isEqualTo(new LakeLock.Holder(Optional.of(lakeA), Optional.of(a.id()), Optional.of(t0.plus(LEASE))));
    }
}
