package io.sluice.lake.duckdb.bitemporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.WriteResult;
import io.sluice.lake.postgres.bitemporal.PgTestDatabase;
import io.sluice.lake.postgres.bitemporal.PostgresBitemporalMerge;
import io.sluice.testing.Property;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Key and value columns named like the short names the merge statements once used for their own columns and tables
 * ({@code g}, {@code n}, {@code a}, {@code lo}, ...): random {@link Histories} written to a table of each {@link
 * TestTables} shape and to the same shape with such names give the same results, the same rows (compared by position)
 * and, on DuckDB, the same re-clusterings (the unsorted tail is measured in groups of one row, so a {@code GROUP BY}
 * that took the user's column for the statement's own would count differently).
 */
class AliasNamedColumnsTest {

    private static final int TRIES = 40;
    private static final AtomicInteger SCHEMAS = new AtomicInteger();

    /** Measures the tail after every write, row by row, and re-clusters when a tenth of the table is unsorted. */
    private static final Clustering ROW_BY_ROW = new Clustering(1, 1, 0, false);

    private static Connection pg;

    @BeforeAll
    static void connect() throws SQLException {
        pg = PgTestDatabase.connect(PgTestDatabase.freshDatabase());
    }

    @AfterAll
    static void disconnect() throws SQLException {
        pg.close();
    }

    /** The shape's table with key, value and date columns renamed to the statements' former aliases. */
    static BitemporalTable aliasNamed(TestTables shape) {
        return switch (shape) {
            case KEY_MODE -> BitemporalTable.of("alias_km", List.of("g"), List.of("n", "o"), "filing_date");
            case COMPLETE_MODE ->
                BitemporalTable.of("alias_cm", List.of("g", "a"), List.of("n"), "filing_date")
                        .withCompleteBy(List.of("g"));
            case KEY_MODE_AWKWARD_NAMES ->
                BitemporalTable.of("alias_km2", List.of("g", "b"), List.of("lo", "hi"), "filing_date");
            case COMPLETE_MODE_AWKWARD_NAMES ->
                BitemporalTable.of("alias_cm2", List.of("k", "d"), List.of("fp"), "filing_date")
                        .withCompleteBy(List.of("k"));
        };
    }

    @Test
    void duckdb_merges_alias_named_columns_as_ordinary_ones() {
        Property.tries(TRIES).check(Histories::histories, h -> {
            BitemporalTable aliases = aliasNamed(h.shape());
            BitemporalTable plain = h.shape().table;
            assertThat(plainNames(duckDb(h, aliases), aliases, plain))
                    .isEqualTo(plainNames(duckDb(h, plain), plain, plain));
        });
    }

    @Test
    void postgres_merges_alias_named_columns_as_ordinary_ones() {
        Property.tries(TRIES).check(Histories::histories, h -> {
            BitemporalTable aliases = aliasNamed(h.shape());
            BitemporalTable plain = h.shape().table;
            assertThat(plainNames(postgres(h, aliases), aliases, plain))
                    .isEqualTo(plainNames(postgres(h, plain), plain, plain));
        });
    }

    /** The run's results as text, the columns its rejections name renamed from {@code from}'s to {@code to}'s. */
    private static List<String> plainNames(List<Object> seen, BitemporalTable from, BitemporalTable to) {
        List<String> fromColumns = new ArrayList<>(from.keyColumns());
        fromColumns.addAll(from.valueColumns());
        List<String> toColumns = new ArrayList<>(to.keyColumns());
        toColumns.addAll(to.valueColumns());
        List<String> out = new ArrayList<>();
        for (Object o : seen) {
            String text = String.valueOf(o);
            for (int i = 0; i < fromColumns.size(); i++) {
                text = text.replaceAll("column " + fromColumns.get(i) + "\\b", "column " + toColumns.get(i));
            }
            out.add(text);
        }
        return out;
    }

    @Test
    void columns_named_like_the_statements_own_aliases_are_refused() {
        assertThatThrownBy(() -> BitemporalTable.of("t", List.of("__sluice_g"), List.of("v"), "d"))
                .hasMessageContaining("column name __sluice_g is reserved");
        assertThatThrownBy(() -> BitemporalTable.of("t", List.of("k"), List.of("__SLUICE_n"), "d"))
                .hasMessageContaining("reserved");
        assertThat(BitemporalTable.of("t", List.of("_sluice_g"), List.of("g"), "d")
                        .keyColumns())
                .containsExactly("_sluice_g");
    }

    /** Every write's result and the tables after it, then the number of re-clusterings. */
    private static List<Object> duckDb(Histories.History history, BitemporalTable table) throws SQLException {
        List<Object> seen = new ArrayList<>();
        try (Connection duck = Lake.memory()) {
            new BitemporalMerge().createTables(duck, table);
            try (BitemporalSession session = new BitemporalSession(
                    duck, table, InstantSource.system(), SessionOptions.DEFAULT.withClustering(ROW_BY_ROW))) {
                for (int i = 0; i < history.batches().size(); i++) {
                    TestBatch batch = history.batches().get(i);
                    WriteResult result = session.write(batch.toSource(table), batch.replace(), requested(i));
                    seen.add(result);
                    seen.add(PgTestDatabase.normalized(
                            table,
                            (name, columns) -> Lake.rows(duck, "SELECT " + columns + " FROM \"" + name + "\""),
                            "CAST(epoch_us(%s) AS VARCHAR)"));
                }
                seen.add("reclusterings " + session.reclusterings());
            }
        }
        return seen;
    }

    private static List<Object> postgres(Histories.History history, BitemporalTable table) throws SQLException {
        String schema = "alias" + SCHEMAS.incrementAndGet();
        try (Statement s = pg.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
        }
        PostgresBitemporalMerge merge = new PostgresBitemporalMerge();
        merge.createTables(pg, schema, table);
        List<Object> seen = new ArrayList<>();
        for (int i = 0; i < history.batches().size(); i++) {
            TestBatch batch = history.batches().get(i);
            PgTestDatabase.stage(pg, table, batch.toBatch(table), schema + ".stage_rows", schema + ".stage_marks");
            seen.add(merge.write(
                    pg,
                    schema,
                    table,
                    schema + ".stage_rows",
                    Optional.of(schema + ".stage_marks"),
                    batch.replace(),
                    requested(i)));
            seen.add(PgTestDatabase.everything(pg, schema, table));
        }
        return seen;
    }

    /** Fixed system times, so that both runs of a history write at the same ones. */
    private static Instant requested(int write) {
        return HistoryRun.BASE.plusSeconds(3600L * (write + 1));
    }
}
