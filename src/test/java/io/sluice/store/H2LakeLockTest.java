package io.sluice.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.cluster.LakeLock;
import io.sluice.cluster.Node;
import io.sluice.testing.StoreOnlyProfile;
import java.sql.SQLException;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The {@link LakeLockContract} on h2. */
@QuarkusTest
@TestProfile(StoreOnlyProfile.class)
class H2LakeLockTest extends LakeLockContract {
    @Override
    protected String expectedBackend() {
        return "h2";
    }

    @Test
    void theNodeThatStartsOnH2TakesTheLock() throws SQLException {
        Node a = started("host-a", "/srv/" + UUID.randomUUID(), t0);
        assertThat(take(a, lakeA, t0)).isTrue();
        Node next = started("host-a", "/srv/" + UUID.randomUUID(), t0.plusSeconds(1));

        assertThat(take(next, lakeB, t0.plusSeconds(1)))
                .as("one process owns the data directory, and with it the lake that is there")
                .isTrue();
        assertThat(lock.holder().lakeId()).contains(lakeB);
        assertThat(lakeOfNode(next.id())).contains(lakeB);
    }

    @Test
    void theNodeThatStartsOnH2JoinsItsSharedLakeWhateverWasBound() throws SQLException {
        Node a = started("host-a", "/srv/" + UUID.randomUUID(), t0);
        assertThat(take(a, lakeA, t0)).isTrue();
        Node next = started("host-a", "/srv/" + UUID.randomUUID(), t0.plusSeconds(1));

        assertThat(lock.join(next, lakeB))
                .as("one process: its lake is the cluster's, as when it moves from a lake file to PostgreSQL")
                .isTrue();
        assertThat(lock.holder())
                .isEqualTo(new LakeLock.Holder(Optional.of(lakeB), Optional.empty(), Optional.empty()));
        assertThat(lakeOfNode(next.id())).contains(lakeB);
    }
}
