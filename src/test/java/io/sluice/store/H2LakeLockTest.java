package io.sluice.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.cluster.Node;
import io.sluice.testing.StoreOnlyProfile;
import java.sql.SQLException;
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
}
