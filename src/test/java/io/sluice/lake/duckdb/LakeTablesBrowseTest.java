package io.sluice.lake.duckdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.lake.DeclaredTables;
import io.sluice.lake.LakeTables;
import io.sluice.lake.Publication;
import io.sluice.lake.Staging;
import io.sluice.lake.TableSpec;
import io.sluice.lake.WriteMode;
import java.nio.file.Path;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading a table for people (issue 27, items 4, 16, 17): the schema with its types, a read by key on an APPEND table
 * (its load id, or the columns it is looked up by), keyset pages that add up to the table in its row order (a
 * bi-temporal key's versions by validity), (the watermarks a rollback leaves and undoing a
 * table's first run, and the row count of a publish that wrote nothing.
 */
class LakeTablesBrowseTest {

    static final TableSpec VERSIONS =
            new TableSpec("br_versions", WriteMode.bitemporal(List.of("k"), List.of("v"), "d", List.of()), List.of());
    static final TableSpec LOADS = new TableSpec("br_loads", WriteMode.append("load_id"), List.of());
    static final TableSpec FIRMS =
            new TableSpec("br_firms", WriteMode.append("load_id").lookedUpBy("firm"), List.of());
    static final TableSpec KEYED = new TableSpec("br_keyed", WriteMode.upsert("k"), List.of());

    @TempDir
    Path dir;

    /** A clock that moves by a millisecond at every reading (system times must differ). */
    final InstantSource clock = new InstantSource() {
        private Instant now = Instant.parse("2024-03-01T00:00:00Z");

        @Override
        public synchronized Instant instant() {
            now = now.plusMillis(1);
            return now;
        }
    };

    DuckDbLake lake;
    LakeTables tables;

    @BeforeEach
    void openLake() {
        lake = TestLakes.open(dir.resolve("lake.duckdb"), clock);
        DeclaredTables declared = name -> Stream.of(VERSIONS, LOADS, FIRMS, KEYED)
                .filter(t -> t.name().equalsIgnoreCase(name))
                .findFirst()
                .map(t -> new DeclaredTables.Declared("test/" + t.name(), t));
        tables = new DuckDbLakeTables(lake, declared);
    }

    @AfterEach
    void closeLake() throws Exception {
        lake.close(null);
    }

    private Publication publish(TableSpec table, String run, String select, String watermark) {
        Staging staging = lake.stage(table, run, Optional.empty());
        try {
            if (select != null) {
                staging.rows(select);
            }
            Publication p = staging.publish(false, watermark);
            assertThat(p.published()).as(p.rejection()).isTrue();
            return p;
        } finally {
            staging.close();
        }
    }

    private List<String> all(String table, Optional<String> key) {
        return tables.rows(table, Optional.empty(), Optional.empty(), key, 1000, Optional.empty()).rows().stream()
                .map(Map::toString)
                .toList();
    }

    @Test
    void theSchemaNamesEveryColumnWithItsType() {
        publish(
                LOADS,
                "r1",
                "SELECT 'L1' AS load_id, DATE '2024-01-01' AS day, 7::BIGINT AS n, 1.5::DECIMAL(9,2) AS x",
                null);
        LakeTables.TableInfo info = tables.table("br_loads").orElseThrow();
        assertThat(info.columns())
                .containsExactly(
                        new LakeTables.Column("load_id", "VARCHAR"),
                        new LakeTables.Column("day", "DATE"),
                        new LakeTables.Column("n", "BIGINT"),
                        new LakeTables.Column("x", "DECIMAL(9,2)"));
        assertThat(info.keyColumns()).containsExactly("load_id");
    }

    @Test
    void anAppendTableIsReadByItsLoadIdOrByTheColumnsItIsLookedUpBy() {
        publish(LOADS, "r1", "SELECT 'L' || (i % 3) AS load_id, i AS n FROM range(9) t(i)", null);
        assertThat(all("br_loads", Optional.of("L1"))).hasSize(3).allMatch(r -> r.contains("load_id=L1"));
        publish(FIRMS, "r1", "SELECT 'F' || i AS load_id, 100 + (i % 2) AS firm FROM range(6) t(i)", null);
        assertThat(tables.table("br_firms").orElseThrow().keyColumns()).containsExactly("firm");
        assertThat(all("br_firms", Optional.of("101"))).hasSize(3).allMatch(r -> r.contains("firm=101"));
    }

    @Test
    void keysetPagesAddUpToTheWholeTableInItsRowOrderAndGoBackToo() {
        publish(
                LOADS,
                "r1",
                "SELECT 'L' || lpad((i % 7)::VARCHAR, 2, '0') AS load_id, i AS n FROM range(23) t(i)",
                null);
        List<String> whole = all("br_loads", Optional.empty());
        assertThat(whole).hasSize(23);
        List<String> paged = new ArrayList<>();
        List<LakeTables.Page> pages = new ArrayList<>();
        Optional<LakeTables.Position> at = Optional.empty();
        do {
            LakeTables.Page page = tables.rows("br_loads", Optional.empty(), Optional.empty(), Optional.empty(), 5, at);
            pages.add(page);
            page.rows().forEach(r -> paged.add(r.toString()));
            at = page.next().map(LakeTables.Position::after);
        } while (at.isPresent());
        assertThat(paged).as("pages of 5 in order, none twice").isEqualTo(whole);
        assertThat(pages).hasSize(5);
        assertThat(pages.get(0).previous()).isEmpty();
        assertThat(whole.get(0)).contains("load_id=L00");
        // back from the last page: the page before it is the fourth
        LakeTables.Page back = tables.rows(
                "br_loads",
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                5,
                pages.get(4).previous().map(LakeTables.Position::before));
        assertThat(back.rows()).isEqualTo(pages.get(3).rows());
        assertThat(back.next()).isPresent();
        assertThatThrownBy(() -> tables.rows(
                        "br_loads",
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        5,
                        Optional.of(LakeTables.Position.after("not a cursor"))))
                .isInstanceOf(LakeTables.UnsupportedRead.class)
                .hasMessageContaining("after must be a cursor");
    }

    @Test
    void aKeysVersionsComeInTheOrderOfTheirValidity() {
        // the earlier version's value sorts after the later one's: an order by every column would put it second
        publish(
                VERSIONS,
                "r1",
                "SELECT * FROM (VALUES (1, 'zeta', DATE '2020-01-01'), (1, 'alpha', DATE '2021-01-01'), "
                        + "(2, 'beta', DATE '2020-06-01')) t(k, v, d)",
                null);
        List<String> rows = all("br_versions", Optional.empty());
        assertThat(rows).hasSize(3);
        assertThat(rows.get(0)).contains("k=1", "v=zeta", "valid_from=2020-01-01");
        assertThat(rows.get(1)).contains("k=1", "v=alpha", "valid_from=2021-01-01");
        assertThat(rows.get(2)).contains("k=2");
    }

    @Test
    void aPublishThatWroteNothingReportsTheTablesRowsNotZero() {
        publish(KEYED, "r1", "SELECT 'k' || i AS k, i AS v FROM range(4) t(i)", "1");
        Publication nothing = publish(KEYED, "r2", null, "1");
        assertThat(nothing.rowsChanged()).isZero();
        assertThat(nothing.currentRows()).isEqualTo(4);
        assertThat(lake.writesOf("r2"))
                .as("nothing written, nothing logged: the table version stays")
                .isEmpty();
    }
}
