package io.sluice.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.runs.Run;
import io.sluice.runs.RunOwner;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * The contract of claims on a node with or without the lake: a node started with {@code sluice.lake.enabled=false}
 * never picks nor claims a run that needs the lake ({@code needs_lake = TRUE}), even when asked for it by id; a node
 * with the lake picks and claims both. Run per backend and per kind of node.
 */
public abstract class LakeClaimContract extends StorePortContract {

    @Inject
    RunOwner owner;

    @Inject
    DataSource dataSource;

    /** Whether the node of this test class has the lake. */
    protected abstract boolean lakeNode();

    private void needsLake(String runId, boolean needs) throws SQLException {
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement("UPDATE run SET needs_lake = ? WHERE id = ?")) {
            ps.setBoolean(1, needs);
            ps.setString(2, runId);
            assertThat(ps.executeUpdate()).isEqualTo(1);
        }
    }

    private String status(String runId) throws SQLException {
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT status FROM run WHERE id = ?")) {
            ps.setString(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                return rs.getString(1);
            }
        }
    }

    @Test
    void theNodeSaysWhetherItHasTheLake() {
        assertThat(owner.lakeRuns()).isEqualTo(lakeNode());
    }

    @Test
    void aNodeWithoutTheLakeNeverPicksALakeRun() throws SQLException {
        Run lake = newRun(uniqueAsset());
        Run free = newRun(uniqueAsset());
        queue.createAll(List.of(lake, free));
        needsLake(lake.id(), true);
        needsLake(free.id(), false);

        List<String> picked = queuedIds();

        assertThat(picked).contains(free.id());
        if (lakeNode()) {
            assertThat(picked).contains(lake.id());
        } else {
            assertThat(picked).doesNotContain(lake.id());
        }
    }

    @Test
    void aNodeWithoutTheLakeNeverClaimsALakeRunEvenByItsId() throws SQLException {
        Run lake = newRun(uniqueAsset());
        Run free = newRun(uniqueAsset());
        queue.createAll(List.of(lake, free));
        needsLake(lake.id(), true);
        needsLake(free.id(), false);

        List<String> claimed = queue.claimGroup(List.of(lake.id(), free.id()), t0).runs().stream()
                .map(Run::id)
                .toList();

        if (lakeNode()) {
            assertThat(claimed).containsExactly(lake.id(), free.id());
            assertThat(status(lake.id())).isEqualTo("STARTED");
        } else {
            assertThat(claimed).containsExactly(free.id());
            assertThat(status(lake.id())).as("left for a node with the lake").isEqualTo("QUEUED");
            assertThat(queue.claim(lake.id(), t0)).isFalse();
            assertThat(status(lake.id())).isEqualTo("QUEUED");
        }
        assertThat(status(free.id())).isEqualTo("STARTED");
    }
}
