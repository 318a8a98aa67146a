package io.sluice.testkit;

import io.sluice.lake.Lake;
import io.sluice.lake.LakeTables;
import io.sluice.lake.Sql;
import io.sluice.runs.RunService;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Materializing assets in a test, as Dagster's {@code materialize()} does in pytest: inject it into a
 * {@code @QuarkusTest} (which runs on a throwaway data directory: metadata store and lake) and
 *
 * <pre>{@code
 * kit.seed("orders", "id VARCHAR, amount DECIMAL(10,2)", List.of(List.of("a", 1.5), List.of("b", 2.0)));
 * RunResult run = kit.materialize("sample/order_totals").singleKey("a").run();
 * assertEquals(RunStatus.SUCCESS, run.status(), run.error());
 * List<Map<String, Object>> rows = kit.rows("order_totals");
 * }</pre>
 *
 * Runs go through {@link RunService}: validated, stored QUEUED, dispatched and executed by the worker pool as any run
 * launched from the API or a schedule; nothing here uses HTTP.
 */
@ApplicationScoped
public class SluiceTestKit {

    private static final Pattern TABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}");
    private static final int ALL_ROWS = 1_000_000;

    private final RunService runs;
    private final Lake lake;
    private final LakeTables tables;

    SluiceTestKit(RunService runs, Lake lake, LakeTables tables) {
        this.runs = runs;
        this.lake = lake;
        this.tables = tables;
    }

    /** A run of these assets (one or a selection), INCREMENTAL unless told otherwise; {@link MaterializeRequest#run()} launches it. */
    public MaterializeRequest materialize(String... assets) {
        return new MaterializeRequest(runs, lake, Arrays.asList(assets));
    }

    /**
     * Replaces lake table {@code table} with one of {@code columns} (column definitions in the lake's SQL, e.g.
     * {@code "id VARCHAR, amount DECIMAL(10,2)"}: types such as VARCHAR, BIGINT, INTEGER, DECIMAL, DATE, TIMESTAMP and
     * BOOLEAN read the same on DuckDB and PostgreSQL) holding {@code rows}, in one statement whose values are all bound
     * parameters (each row a list of values in column order, of the types {@link Sql} binds). The SQL is portable: drop
     * the table if it exists, create it, insert the rows, in one write. Returns the rows inserted.
     */
    public long seed(String table, String columns, List<List<?>> rows) {
        String name = tableName(table);
        if (columns == null || columns.isBlank() || columns.contains(";")) {
            throw new IllegalArgumentException(
                    "columns must be column definitions like \"id VARCHAR, amount DECIMAL(10,2)\"");
        }
        List<Object> values = new ArrayList<>();
        StringBuilder tuples = new StringBuilder();
        for (List<?> row : rows) {
            if (row.isEmpty()) {
                throw new IllegalArgumentException("a row of " + name + " has no values");
            }
            tuples.append(tuples.length() == 0 ? "(" : ", (")
                    .append(String.join(", ", java.util.Collections.nCopies(row.size(), "?")))
                    .append(')');
            values.addAll(row);
        }
        Sql insert = tuples.length() == 0 ? null : new Sql("INSERT INTO " + name + " VALUES " + tuples, values);
        return lake.write(name, s -> {
            s.execute("DROP TABLE IF EXISTS " + name);
            s.execute("CREATE TABLE " + name + " (" + columns + ")");
            return insert == null ? 0L : s.execute(insert);
        });
    }

    /** Every row of a lake table (a bi-temporal one: the current belief of its whole history), each keyed by column. */
    public List<Map<String, Object>> rows(String table) {
        return tables.rows(
                        tableName(table),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        ALL_ROWS,
                        Optional.empty())
                .rows();
    }

    /** The rows of one business key (comma-separated values in key column order). */
    public List<Map<String, Object>> rows(String table, String key) {
        return tables.rows(
                        tableName(table),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.of(key),
                        ALL_ROWS,
                        Optional.empty())
                .rows();
    }

    /**
     * The rows of a bi-temporal table valid on {@code businessDate} as known at {@code systemTime}; either may be null
     * (then: every business date, or what is believed now).
     */
    public List<Map<String, Object>> rowsAsOf(String table, LocalDate businessDate, Instant systemTime) {
        return tables.rows(
                        tableName(table),
                        Optional.ofNullable(businessDate),
                        Optional.ofNullable(systemTime),
                        Optional.empty(),
                        ALL_ROWS,
                        Optional.empty())
                .rows();
    }

    /** The first column of a query's rows, as text, with its values bound: {@code query("SELECT id FROM t WHERE d > ?", day)}. */
    public List<String> query(String sql, Object... params) {
        return lake.read(s -> s.queryStrings(sql, params));
    }

    private static String tableName(String table) {
        if (table == null || !TABLE.matcher(table).matches()) {
            throw new IllegalArgumentException("'" + table + "' is not a lake table name (letters, digits and _)");
        }
        return table;
    }
}
