package io.sluice.lake.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.lake.DeclaredTables;
import io.sluice.lake.Lake;
import io.sluice.lake.LakeTables;
import io.sluice.lake.LakeTables.Page;
import io.sluice.lake.LakeTables.Position;
import io.sluice.lake.LakeTables.UnsupportedRead;
import io.sluice.lake.Publication;
import io.sluice.lake.Staging;
import io.sluice.lake.TableSpec;
import io.sluice.lake.WriteMode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Reading a lake table's rows for people, the same on every engine ({@link LakeTables#rows}, {@link LakeTables#changes}):
 * keyset pages that add up to the table in its row order, forwards and back, whose cursors stay valid while the table
 * changes; the as-of reads of a bi-temporal table on both axes; the key filter; what a run opened and closed; and the
 * reads that do not apply, refused. One subclass per engine; the SQL here runs unchanged on DuckDB and PostgreSQL, and
 * every expected value is the same on both.
 */
abstract class TableReadsContract {

    static final TableSpec VERSIONS =
            new TableSpec("rd_versions", WriteMode.bitemporal(List.of("k"), List.of("v"), "d", List.of()), List.of());
    static final TableSpec LOADS = new TableSpec("rd_loads", WriteMode.append("load_id"), List.of());
    static final TableSpec KEYED = new TableSpec("rd_keyed", WriteMode.upsert("k"), List.of());

    protected Lake lake;
    protected LakeTables tables;

    /** A fresh, empty lake. */
    protected abstract Lake open() throws Exception;

    protected abstract void close(Lake lake) throws Exception;

    /** The engine's table reader over {@code lake}. */
    protected abstract LakeTables tables(Lake lake, DeclaredTables declared);

    /** A query that reads a file of the server's machine, in the engine's spelling. */
    protected abstract String fileRead();

    @BeforeEach
    void openLake() throws Exception {
        lake = open();
        tables = tables(
                lake,
                name -> Stream.of(VERSIONS, LOADS, KEYED)
                        .filter(t -> t.name().equalsIgnoreCase(name))
                        .findFirst()
                        .map(t -> new DeclaredTables.Declared("test/" + t.name(), t)));
    }

    @AfterEach
    void closeLake() throws Exception {
        close(lake);
    }

    private void publish(TableSpec table, String run, String select) {
        try (Staging staging = lake.stage(table, run, Optional.empty())) {
            staging.rows(select);
            Publication p = staging.publish(false);
            assertThat(p.published()).as(p.rejection()).isTrue();
        }
    }

    private static String values(Stream<String> rows, String columns) {
        return "SELECT * FROM (VALUES " + rows.collect(Collectors.joining(", ")) + ") AS t(" + columns + ")";
    }

    private Page page(String table, int limit, Optional<Position> at) {
        return tables.rows(table, Optional.empty(), Optional.empty(), Optional.empty(), limit, at);
    }

    private List<Map<String, Object>> all(String table) {
        return page(table, 1000, Optional.empty()).rows();
    }

    /** Each row's values of {@code columns}, as text joined by '/'. */
    private static List<String> shown(List<Map<String, Object>> rows, String... columns) {
        return rows.stream()
                .map(r -> Stream.of(columns).map(c -> String.valueOf(r.get(c))).collect(Collectors.joining("/")))
                .toList();
    }

    @Test
    void pagesAddUpToTheWholeTableInItsRowOrderAndGoBackToo() {
        // 23 rows over 7 load ids: the row order (load_id) has ties that the engine breaks the same on every read
        publish(
                LOADS,
                "r1",
                values(
                        java.util.stream.IntStream.range(0, 23)
                                .mapToObj(i -> "('L" + String.format("%02d", i % 7) + "', " + i + ")"),
                        "load_id, n"));
        List<Map<String, Object>> whole = all("rd_loads");
        assertThat(whole).hasSize(23);
        assertThat(shown(whole, "load_id")).isSorted();
        assertThat(shown(whole, "n").stream().distinct()).hasSize(23);
        List<Map<String, Object>> paged = new ArrayList<>();
        List<Page> pages = new ArrayList<>();
        Optional<Position> at = Optional.empty();
        do {
            Page page = page("rd_loads", 5, at);
            pages.add(page);
            paged.addAll(page.rows());
            at = page.next().map(Position::after);
        } while (at.isPresent());
        assertThat(paged).as("pages of 5 in order, none twice").isEqualTo(whole);
        assertThat(pages).hasSize(5);
        assertThat(pages.get(0).previous()).isEmpty();
        // back from the last page: the page before it is the fourth, and so on to the first
        Page back = pages.get(4);
        for (int i = 3; i >= 0; i--) {
            back = page("rd_loads", 5, back.previous().map(Position::before));
            assertThat(back.rows()).isEqualTo(pages.get(i).rows());
            assertThat(back.next()).isPresent();
        }
        assertThat(back.previous()).as("nothing before the first page").isEmpty();
    }

    @Test
    void aCursorStaysValidWhileTheTableChanges() {
        publish(KEYED, "r1", values(Stream.of(2, 4, 6, 8, 10).map(k -> "(" + k + ", 'v" + k + "')"), "k, v"));
        Page first = page("rd_keyed", 3, Optional.empty());
        assertThat(shown(first.rows(), "k")).containsExactly("2", "4", "6");
        // rows come before and after the cursor's row, and the cursor's row itself goes
        publish(KEYED, "r2", values(Stream.of(1, 7, 12).map(k -> "(" + k + ", 'w" + k + "')"), "k, v"));
        lake.write("rd_keyed", s -> s.execute("DELETE FROM rd_keyed WHERE k = ?", 6));
        Page next = page("rd_keyed", 3, first.next().map(Position::after));
        assertThat(shown(next.rows(), "k", "v")).containsExactly("7/w7", "8/v8", "10/v10");
        Page before = page("rd_keyed", 3, next.previous().map(Position::before));
        assertThat(shown(before.rows(), "k")).containsExactly("1", "2", "4");
        assertThat(before.previous()).as("a page that starts the table").isEmpty();
        Page prior = page("rd_keyed", 2, first.next().map(Position::before));
        assertThat(shown(prior.rows(), "k")).containsExactly("2", "4");
        assertThat(prior.previous()).isPresent();
    }

    @Test
    void cursorsThatNoPageGaveAreRefusedNamingTheParameter() {
        publish(KEYED, "r1", values(Stream.of(1, 2).map(k -> "(" + k + ", 'v')"), "k, v"));
        String cursor = page("rd_keyed", 1, Optional.empty()).next().orElseThrow();
        assertThat(page("rd_keyed", 1, Optional.of(Position.after(cursor))).rows())
                .hasSize(1);
        String notAnInteger =
                Base64.getUrlEncoder().withoutPadding().encodeToString("zz".getBytes(StandardCharsets.UTF_8))
                        + cursor.substring(cursor.indexOf('.'));
        for (String bad :
                List.of("not a cursor", "~", cursor + ".1", notAnInteger, cursor.replaceAll("\\.[^.]*$", ".x"))) {
            assertThatThrownBy(() -> page("rd_keyed", 1, Optional.of(Position.after(bad))))
                    .as(bad)
                    .isInstanceOf(UnsupportedRead.class)
                    .hasMessageContaining("after must be a cursor")
                    .extracting(e -> ((UnsupportedRead) e).parameter())
                    .isEqualTo("after");
            assertThatThrownBy(() -> page("rd_keyed", 1, Optional.of(Position.before(bad))))
                    .isInstanceOf(UnsupportedRead.class)
                    .hasMessageContaining("before must be a cursor");
        }
    }

    @Test
    void filtersThatDoNotApplyAreRefusedAndAKeyThatIsNoValueMatchesNothing() {
        publish(KEYED, "r1", values(Stream.of(1, 2).map(k -> "(" + k + ", 'v')"), "k, v"));
        lake.write("rd_notes", s -> s.execute("CREATE TABLE rd_notes AS SELECT 1 AS n"));
        assertThatThrownBy(() -> tables.rows(
                        "rd_keyed",
                        Optional.of(LocalDate.parse("2024-01-01")),
                        Optional.empty(),
                        Optional.empty(),
                        10,
                        Optional.empty()))
                .isInstanceOf(UnsupportedRead.class)
                .extracting(e -> ((UnsupportedRead) e).parameter())
                .isEqualTo("businessDate");
        assertThatThrownBy(() -> tables.rows(
                        "rd_keyed",
                        Optional.empty(),
                        Optional.of(Instant.now()),
                        Optional.empty(),
                        10,
                        Optional.empty()))
                .isInstanceOf(UnsupportedRead.class)
                .extracting(e -> ((UnsupportedRead) e).parameter())
                .isEqualTo("systemTime");
        assertThatThrownBy(() -> tables.rows(
                        "rd_notes", Optional.empty(), Optional.empty(), Optional.of("1"), 10, Optional.empty()))
                .isInstanceOf(UnsupportedRead.class)
                .hasMessageContaining("no key columns");
        assertThatThrownBy(() -> tables.rows(
                        "rd_keyed", Optional.empty(), Optional.empty(), Optional.of("1,2"), 10, Optional.empty()))
                .isInstanceOf(UnsupportedRead.class)
                .hasMessageContaining("key has 2 values");
        assertThatThrownBy(() -> tables.changes("rd_keyed", "r1", 10))
                .isInstanceOf(UnsupportedRead.class)
                .hasMessageContaining("bi-temporal");
        assertThat(shown(key("rd_keyed", "2"), "k", "v")).containsExactly("2/v");
        assertThat(key("rd_keyed", "two")).as("not an integer: no key has it").isEmpty();
        assertThat(shown(all("rd_notes"), "n")).containsExactly("1");
        assertThatThrownBy(() -> all("rd_missing")).isInstanceOf(IllegalArgumentException.class);
    }

    private List<Map<String, Object>> key(String table, String key) {
        return tables.rows(table, Optional.empty(), Optional.empty(), Optional.of(key), 100, Optional.empty())
                .rows();
    }

    private List<String> asOf(String businessDate, Instant systemTime) {
        return shown(
                tables.rows(
                                "rd_versions",
                                Optional.ofNullable(businessDate).map(LocalDate::parse),
                                Optional.ofNullable(systemTime),
                                Optional.empty(),
                                100,
                                Optional.empty())
                        .rows(),
                "k",
                "v",
                "valid_from",
                "valid_to");
    }

    @Test
    void aBitemporalTableIsReadAsOfBothTimesByKeyAndByTheRunThatChangedIt() {
        // the earlier version's value sorts after the later one's: an order by every column would put it second
        publish(
                VERSIONS,
                "r1",
                "SELECT * FROM (VALUES (1, 'zeta', DATE '2020-01-01'), (2, 'beta', DATE '2020-06-01')) AS t(k, v, d)");
        // a staged write rebuilds the keys it holds (replace: scopes), so key 1's first filing comes again
        publish(
                VERSIONS,
                "r2",
                "SELECT * FROM (VALUES (1, 'zeta', DATE '2020-01-01'), (1, 'alpha', DATE '2021-01-01')) AS t(k, v, d)");
        Instant r1 = tables.changes("rd_versions", "r1", 10).systemTimes().get(0);

        assertThat(asOf(null, null))
                .as("the current belief of the whole history, a key's versions by validity")
                .containsExactly("1/zeta/2020-01-01/2021-01-01", "1/alpha/2021-01-01/null", "2/beta/2020-06-01/null");
        assertThat(asOf("2020-07-01", null)).containsExactly("1/zeta/2020-01-01/2021-01-01", "2/beta/2020-06-01/null");
        assertThat(asOf("2021-07-01", null)).containsExactly("1/alpha/2021-01-01/null", "2/beta/2020-06-01/null");
        assertThat(asOf("2020-03-01", null)).containsExactly("1/zeta/2020-01-01/2021-01-01");
        assertThat(asOf(null, r1))
                .as("what r1 left the table believing")
                .containsExactly("1/zeta/2020-01-01/null", "2/beta/2020-06-01/null");
        assertThat(asOf("2021-07-01", r1)).containsExactly("1/zeta/2020-01-01/null", "2/beta/2020-06-01/null");
        assertThat(asOf(null, r1.minusSeconds(1))).as("before the first write").isEmpty();
        assertThat(shown(key("rd_versions", "1"), "v")).containsExactly("zeta", "alpha");

        assertThat(key("rd_versions", "2").get(0).get("system_from"))
                .as("a time as the same text on every engine")
                .hasToString(r1.toString());
        LakeTables.Changes r2 = tables.changes("rd_versions", "r2", 10);
        assertThat(r2.systemTimes()).hasSize(1).allMatch(t -> t.isAfter(r1));
        assertThat(shown(r2.opened(), "k", "v", "valid_from", "valid_to"))
                .containsExactly("1/alpha/2021-01-01/null", "1/zeta/2020-01-01/2021-01-01");
        assertThat(shown(r2.closed(), "k", "v", "valid_from", "valid_to")).containsExactly("1/zeta/2020-01-01/null");
        LakeTables.Changes none = tables.changes("rd_versions", "nobody", 10);
        assertThat(none.systemTimes()).isEmpty();
        assertThat(none.opened()).isEmpty();

        // pages of one row each add up to the current belief, forwards and back
        List<String> paged = new ArrayList<>();
        Optional<Position> at = Optional.empty();
        Page last;
        do {
            last = page("rd_versions", 1, at);
            paged.addAll(shown(last.rows(), "k", "v"));
            at = last.next().map(Position::after);
        } while (at.isPresent());
        assertThat(paged).containsExactly("1/zeta", "1/alpha", "2/beta");
        Page back = page("rd_versions", 2, last.previous().map(Position::before));
        assertThat(shown(back.rows(), "k", "v")).containsExactly("1/zeta", "1/alpha");
    }

    private LakeTables.QueryResult query(String sql, int maxRows) {
        return tables.query(sql, maxRows, java.time.Duration.ofSeconds(20));
    }

    @Test
    void aQueryAnswersItsColumnsAndAtMostItsRowLimit() {
        publish(LOADS, "r1", values(Stream.of("('a', 1)", "('b', 2)", "('c', 3)"), "load_id, n"));
        LakeTables.QueryResult all = query("SELECT load_id, n * 10 AS tens FROM rd_loads ORDER BY n;", 10);
        assertThat(all.columns()).extracting(LakeTables.Column::name).containsExactly("load_id", "tens");
        assertThat(shown(all.rows(), "load_id", "tens")).containsExactly("a/10", "b/20", "c/30");
        assertThat(all.truncated()).isFalse();
        LakeTables.QueryResult two = query("WITH t AS (SELECT n FROM rd_loads) SELECT n FROM t ORDER BY n", 2);
        assertThat(shown(two.rows(), "n")).containsExactly("1", "2");
        assertThat(two.truncated()).isTrue();
        assertThat(query("SELECT count(*) AS c FROM generate_series(1, 5)", 1).rows())
                .as("a generator reads nothing outside the query")
                .hasSize(1);
    }

    @Test
    void aQueryThatWritesOrReadsOutsideTheLakeIsRefusedAndChangesNothing() {
        publish(LOADS, "r1", values(Stream.of("('a', 1)", "('b', 2)"), "load_id, n"));
        Map<String, String> refused = new java.util.LinkedHashMap<>();
        for (String sql : List.of(
                "DELETE FROM rd_loads",
                "INSERT INTO rd_loads VALUES ('x', 9)",
                "DROP TABLE rd_loads",
                "SELECT 1; DELETE FROM rd_loads",
                "WITH gone AS (DELETE FROM rd_loads RETURNING *) SELECT * FROM gone",
                "CREATE TABLE sneaky AS SELECT * FROM rd_loads",
                "SET search_path TO public",
                fileRead(),
                "SELECT FROM",
                "  ;  ")) {
            try {
                query(sql, 10);
                refused.put(sql, "ran");
            } catch (UnsupportedRead e) {
                assertThat(e.parameter()).isEqualTo("sql");
                assertThat(e.getMessage())
                        .as(sql)
                        .isNotBlank()
                        .doesNotContain("Exception")
                        .doesNotContain("\tat ");
                refused.put(sql, e.getMessage());
            }
        }
        assertThat(refused).as("every statement refused, with a sentence").doesNotContainValue("ran");
        assertThat(shown(all("rd_loads"), "load_id")).containsExactly("a", "b");
        assertThat(tables.table("sneaky")).isEmpty();
    }

    @Test
    void aQueryOverItsTimeLimitIsStoppedWithASentence() {
        assertThatThrownBy(() -> tables.query(
                        "SELECT count(*) FROM generate_series(1, 100000) a, generate_series(1, 100000) b"
                                + " WHERE a.a + b.b = 7",
                        10,
                        java.time.Duration.ofMillis(500)))
                .isInstanceOf(UnsupportedRead.class)
                .hasMessageContaining("time limit");
        assertThat(query("SELECT 1 AS one", 1).rows())
                .as("the lake answers after a stopped query")
                .hasSize(1);
    }

    @Test
    void aTablesWritesAreItsVersionsNewestFirst() {
        publish(LOADS, "r1", values(Stream.of("('a', 1)"), "load_id, n"));
        publish(LOADS, "r2", values(Stream.of("('b', 2)", "('c', 3)"), "load_id, n"));
        List<LakeTables.WriteSummary> writes = tables.writes("rd_loads", 10);
        assertThat(writes).extracting(LakeTables.WriteSummary::runId).containsExactly("r2", "r1");
        assertThat(writes).extracting(LakeTables.WriteSummary::currentRows).containsExactly(3L, 1L);
        assertThat(tables.writes("rd_loads", 1)).hasSize(1);
        assertThat(tables.writes("no_such_table", 5)).isEmpty();
    }
}
