package io.sluice.lake.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.lake.DeclaredTables;
import io.sluice.lake.LakeTables;
import io.sluice.lake.RollbackOutcome;
import io.sluice.lake.RollbackTarget;
import io.sluice.lake.Staging;
import io.sluice.lake.TableSpec;
import io.sluice.lake.WriteMode;
import io.sluice.testing.EmbeddedPg;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What the PostgreSQL lake does not do yet is refused in one sentence that names it, never faked. */
class PgRefusalsTest {

    private PgLake lake;

    @BeforeEach
    void open() {
        String url = EmbeddedPg.freshDatabase("lake_refusals");
        lake = new PgLake(
                        PgConnections.pool(url, EmbeddedPg.USER, EmbeddedPg.USER, 2),
                        PgSettings.of("lake"),
                        Clock.systemUTC())
                .open();
    }

    @AfterEach
    void close() {
        lake.close();
    }

    @Test
    void aRollbackOfATableNeverWrittenIsRefusedWithTheReasonAndRecordsNothing() {
        TableSpec table = new TableSpec("firms", WriteMode.upsert("id"), List.of());
        RollbackTarget target = RollbackTarget.toRun("run-1");
        assertThat(lake.rollbackProblem(table, target, Optional.empty()))
                .contains("table firms has never been written");
        RollbackOutcome outcome = lake.rollback(table, target, "run-2", Optional.empty(), Optional.empty());
        assertThat(outcome.publication().published()).isFalse();
        assertThat(outcome.publication().rejection()).isEqualTo("run run-1 did not write table firms");
        assertThat(lake.rollbackOf(table, "run-2")).isEmpty();
    }

    @Test
    void tablesAreListedWithTheirLastWriteReadByRowsAndPreviewedForRollback() {
        TableSpec firms = new TableSpec("firms", WriteMode.upsert("id"), List.of());
        LakeTables tables = new PgLakeTables(
                lake,
                name -> name.equalsIgnoreCase("firms")
                        ? Optional.of(new DeclaredTables.Declared("test/firms", firms))
                        : Optional.empty());
        try (Staging staging = lake.stage(firms, "run-1", Optional.empty())) {
            staging.rows("SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS v(id, name)");
            assertThat(staging.publish(false).published()).isTrue();
        }
        lake.write("notes", s -> s.execute("CREATE TABLE notes AS SELECT 1 AS n"));

        assertThat(tables.tables())
                .extracting(LakeTables.TableInfo::name, LakeTables.TableInfo::writeMode, LakeTables.TableInfo::asset)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("firms", "UPSERT", "test/firms"),
                        org.assertj.core.groups.Tuple.tuple("notes", "UNMANAGED", null));
        LakeTables.TableInfo info = tables.table("firms").orElseThrow();
        assertThat(info.currentRows()).isEqualTo(2);
        assertThat(info.lastWrite().runId()).isEqualTo("run-1");
        assertThat(info.lastWrite().rowsInserted()).isEqualTo(2);
        assertThat(info.keyColumns()).containsExactly("id");
        assertThat(info.columns()).extracting(LakeTables.Column::name).containsExactly("id", "name");
        assertThat(tables.table("__sluice_writes")).isEmpty();
        assertThat(tables.table("missing")).isEmpty();
        assertThat(tables.table("x; DROP TABLE firms")).isEmpty();

        assertThat(tables.rows("firms", Optional.empty(), Optional.empty(), Optional.empty(), 10, Optional.empty())
                        .rows())
                .extracting(r -> r.get("name"))
                .containsExactly("a", "b");
        assertThatThrownBy(() -> tables.changes("firms", "run-1", 10))
                .isInstanceOf(LakeTables.UnsupportedRead.class)
                .hasMessageContaining("bi-temporal");
        LakeTables.RollbackPreview preview = tables.rollbackPreview("firms", RollbackTarget.toRun("run-1"));
        assertThat(preview.problem()).hasValue("table firms is already in the state it would go back to (run run-1)");
        assertThat(preview.undone()).isEmpty();
        assertThat(preview.rowsAfter()).isEqualTo(2);
        assertThat(tables.currentRows(List.of("firms", "never_written")))
                .containsExactly(java.util.Map.entry("firms", 2L));
    }
}
