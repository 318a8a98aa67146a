package io.sluice.mcp;

import static io.sluice.mcp.AnalysisTool.property;
import static io.sluice.mcp.AnalysisTool.schema;

import io.sluice.lake.Lake;
import io.sluice.lake.LakeTables;
import io.sluice.lake.LakeUnavailable;
import io.sluice.lake.LakeWrite;
import io.sluice.runs.Run;
import io.sluice.runs.RunService;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The lake's tools: describe a table, read it as of two dates, run bounded read-only SQL, and what a run changed. */
@ApplicationScoped
class LakeTools implements ToolGroup {

    /** The most rows a table read or a query answers, and the longest a query may take. */
    static final int MAX_ROWS = 1000;

    static final int MAX_SECONDS = 60;

    private final LakeTables tables;
    private final Lake lake;
    private final RunService runs;

    LakeTools(LakeTables tables, Lake lake, RunService runs) {
        this.tables = tables;
        this.lake = lake;
        this.runs = runs;
    }

    record TableDescription(LakeTables.TableInfo table, List<LakeTables.WriteSummary> versions) {}

    record TableRows(String table, List<Map<String, Object>> rows, boolean more) {}

    record RunChanges(
            String runId,
            String status,
            List<String> assets,
            List<String> partitions,
            List<LakeWrite> writes,
            Map<String, LakeTables.Changes> rowChanges) {}

    @Override
    public List<AnalysisTool> tools() {
        String table = property(
                "table",
                "string",
                "A lake table's name, as list_assets or run_sql on" + " information_schema.tables gives it.");
        return List.of(
                new AnalysisTool(
                        "describe_table",
                        "A lake table: its write mode and asset, its columns and their types, the columns a key read"
                                + " filters on, its current and total row counts, its last write, and its latest versions"
                                + " (writes of the write log, newest first).",
                        schema(
                                table + "," + property("versions", "integer", "How many versions to list, 1-100 (10)."),
                                "table"),
                        Set.of("table", "versions"),
                        this::describe),
                new AnalysisTool(
                        "query_table",
                        "Rows of a lake table in its row order. For a bi-temporal table, as of a business date (the"
                                + " facts valid that day) and a system time (what Sluice believed then); neither: the"
                                + " current belief over the whole history. key filters on the key columns (comma"
                                + " separated, in key column order).",
                        schema(
                                table
                                        + ","
                                        + property("business_date", "string", "YYYY-MM-DD.")
                                        + ","
                                        + property(
                                                "system_time",
                                                "string",
                                                "ISO 8601 with offset, like 2024-01-01T00:00:00Z.")
                                        + ","
                                        + property("key", "string", "Key column values, comma separated.")
                                        + ","
                                        + property(
                                                "limit",
                                                "integer",
                                                "At most this many rows, 1-" + MAX_ROWS + " (100)."),
                                "table"),
                        Set.of("table", "business_date", "system_time", "key", "limit"),
                        this::rows),
                new AnalysisTool(
                        "run_sql",
                        "Runs one read-only SQL query (SELECT or WITH ... SELECT) on the lake, in the lake's dialect ("
                                + dialect()
                                + "), in a read-only transaction, stopped at a time limit, answering at most max_rows rows"
                                + " (truncated says if more were left out). Statements that write, change settings or"
                                + " read files are refused. Aggregate in SQL rather than reading rows.",
                        schema(
                                property("sql", "string", "One SELECT statement.")
                                        + ","
                                        + property("max_rows", "integer", "1-" + MAX_ROWS + " (100).")
                                        + ","
                                        + property("timeout_seconds", "integer", "1-" + MAX_SECONDS + " (10)."),
                                "sql"),
                        Set.of("sql", "max_rows", "timeout_seconds"),
                        this::sql),
                new AnalysisTool(
                        "run_changes",
                        "What one run changed: its status, assets and partitions, each lake write it made (table,"
                                + " partition, rows in, inserted, removed, rows after), and for bi-temporal tables the"
                                + " rows it opened and closed.",
                        schema(
                                property("run_id", "string", "The run's id, or the end of it.")
                                        + ","
                                        + property(
                                                "limit",
                                                "integer",
                                                "At most this many rows opened and closed per table, 1-" + MAX_ROWS
                                                        + " (50)."),
                                "run_id"),
                        Set.of("run_id", "limit"),
                        this::changes));
    }

    /** The lake's SQL dialect, for the assistant to write in; a node without the lake says so when a tool is called. */
    private String dialect() {
        try {
            return lake.dialect().name();
        } catch (LakeUnavailable e) {
            return "none on this node";
        }
    }

    private TableDescription describe(ToolInput input) {
        String name = input.requiredText("table");
        int versions = input.integer("versions", 10, 1, 100);
        LakeTables.TableInfo info = tables.table(name).orElseThrow(() -> noTable(name));
        return new TableDescription(info, tables.writes(info.name(), versions));
    }

    private TableRows rows(ToolInput input) {
        String name = input.requiredText("table");
        int limit = input.integer("limit", 100, 1, MAX_ROWS);
        LakeTables.TableInfo info = tables.table(name).orElseThrow(() -> noTable(name));
        LakeTables.Page page = tables.rows(
                info.name(),
                input.date("business_date"),
                input.instant("system_time"),
                input.text("key"),
                limit,
                Optional.empty());
        return new TableRows(info.name(), page.rows(), page.next().isPresent());
    }

    private LakeTables.QueryResult sql(ToolInput input) {
        String sql = input.requiredText("sql");
        int maxRows = input.integer("max_rows", 100, 1, MAX_ROWS);
        int seconds = input.integer("timeout_seconds", 10, 1, MAX_SECONDS);
        return tables.query(sql, maxRows, Duration.ofSeconds(seconds));
    }

    private RunChanges changes(ToolInput input) {
        Run run = runs.get(input.requiredText("run_id"));
        int limit = input.integer("limit", 50, 1, MAX_ROWS);
        List<LakeWrite> writes = lake.writesOf(run.id());
        Map<String, LakeTables.Changes> rowChanges = new LinkedHashMap<>();
        for (String table : writes.stream().map(LakeWrite::table).distinct().toList()) {
            try {
                rowChanges.put(table, tables.changes(table, run.id(), limit));
            } catch (LakeTables.UnsupportedRead e) {
                // a table that does not keep its changes by run (not bi-temporal): its writes say what changed
            }
        }
        return new RunChanges(
                run.id(),
                run.status().name(),
                run.assets().stream().map(Object::toString).toList(),
                new ArrayList<>(run.partitions()),
                writes,
                rowChanges);
    }

    private static ToolRefused noTable(String name) {
        return new ToolRefused("the lake has no table '" + name
                + "'; list_assets names each asset's table, and run_sql on information_schema.tables lists them all");
    }
}
