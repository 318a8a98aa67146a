package io.sluice.lake.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.lake.BusinessDates;
import io.sluice.lake.Publication;
import io.sluice.lake.RollbackTarget;
import io.sluice.lake.Staging;
import io.sluice.lake.TableSpec;
import io.sluice.lake.WriteMode;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.duckdb.DuckDBDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What is left of DuckDB's own rollback tests once their semantics moved to the engine-neutral
 * {@code io.sluice.lake.contract.RollbackContract}: a lake file an older release left (without the writes in effect).
 */
class RollbackRoundTripTest {

    static final TableSpec APPEND = new TableSpec("rb_append", WriteMode.append("load_id"), List.of());
    static final TableSpec OVERWRITE = new TableSpec("rb_overwrite", WriteMode.partitionOverwrite("day"), List.of());
    static final TableSpec UPSERT = new TableSpec("rb_upsert", WriteMode.upsert("id"), List.of());
    static final TableSpec VERSIONS =
            new TableSpec("rb_versions", WriteMode.bitemporal(List.of("k"), List.of("v"), "d", List.of()), List.of());
    static final String DAY1 = "2024-01-01";
    static final String DAY2 = "2024-01-02";
    static final String DAY3 = "2024-01-03";

    /** A clock that moves only when told to, and by a millisecond at every reading (system times must differ). */
    static final class SettableClock implements InstantSource {
        private Instant now = Instant.parse("2024-03-01T00:00:00Z");

        @Override
        public synchronized Instant instant() {
            now = now.plusMillis(1);
            return now;
        }

        synchronized void advance(Duration by) {
            now = now.plus(by);
        }
    }

    @TempDir
    Path dir;

    final SettableClock clock = new SettableClock();
    DuckDbLake lake;

    @BeforeEach
    void openLake() {
        lake = TestLakes.open(dir.resolve("lake.duckdb"), clock);
    }

    @AfterEach
    void closeLake() throws Exception {
        lake.close(null);
    }

    private Publication publish(TableSpec table, String run, String partition, String select) {
        Staging staging = lake.stage(table, run, Optional.ofNullable(partition));
        try {
            staging.rows(select);
            Publication p = staging.publish(false);
            assertThat(p.published()).as(p.rejection()).isTrue();
            return p;
        } finally {
            staging.close();
        }
    }

    /** Rolls back (the lake finds no problem first), as run {@code run}. */
    private void rollback(TableSpec table, String run, String toRun, String partition) {
        assertThat(lake.rollbackProblem(table, RollbackTarget.toRun(toRun), Optional.ofNullable(partition)))
                .as("problem")
                .isEmpty();
        Optional<BusinessDates> dates = partition != null && table.mode() instanceof WriteMode.Bitemporal
                ? Optional.of(new BusinessDates(
                        LocalDate.parse(partition), LocalDate.parse(partition).plusDays(1)))
                : Optional.empty();
        lake.rollback(table, RollbackTarget.toRun(toRun), run, Optional.ofNullable(partition), dates);
        assertThat(lake.<List<String>>read(s -> s.queryStrings("SELECT run_id FROM __sluice_writes WHERE table_name = '"
                        + table.name() + "' ORDER BY write_id DESC LIMIT 1")))
                .as("the rollback is a write of its run")
                .containsExactly(run);
    }

    private Optional<String> problem(TableSpec table, String toRun, String partition) {
        return lake.rollbackProblem(table, RollbackTarget.toRun(toRun), Optional.ofNullable(partition));
    }

    /** The whole table as ordered text, row for row. */
    private List<String> export(TableSpec table) {
        return lake.read(s -> s.queryStrings(
                "SELECT CAST(struct_pack(*COLUMNS(*)) AS VARCHAR) AS r FROM " + table.name() + " ORDER BY r"));
    }

    private static String land(String day, int load, String content) {
        return "SELECT '" + day + "/" + load + "' AS load_id, DATE '" + day + "' AS day, '" + content
                + "' AS c, i AS n FROM range(3) t(i)";
    }

    @Test
    void writesOfALakeFromBeforeWriteEffectsWereKeptCountAsInEffectAndRollBackAndForward() throws Exception {
        publish(APPEND, "r1", DAY1, land(DAY1, 1, "a"));
        List<String> afterR1 = export(APPEND);
        publish(APPEND, "r2", DAY2, land(DAY2, 1, "a"));
        List<String> afterR2 = export(APPEND);
        lake.close(null);
        try (Connection c = new DuckDBDriver().connect("jdbc:duckdb:" + dir.resolve("lake.duckdb"), new Properties());
                Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS __sluice_effects"); // as an older release left the lake
        }
        lake = TestLakes.open(dir.resolve("lake.duckdb"), clock);
        rollback(APPEND, "x1", "r1", null);
        assertThat(export(APPEND)).isEqualTo(afterR1);
        rollback(APPEND, "x2", "r2", null);
        assertThat(export(APPEND)).isEqualTo(afterR2);
    }
}
