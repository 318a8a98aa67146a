package io.sluice.lake.engine;

import io.sluice.lake.AssetCheck;
import io.sluice.lake.CheckResult;
import io.sluice.lake.TableSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Runs a table's checks of one severity against its current rows, in the caller's transaction. */
public final class CheckRunner {

    public static final int SAMPLE = 5;

    /** The value of a check that could not run, and of one not run after it. */
    private static final String ERROR = "error";

    private static final String NOT_RUN = "not run";

    private CheckRunner() {}

    public static List<CheckResult> run(
            CheckedSession db, TableSpec table, AssetCheck.Severity severity, Optional<Long> previousRows) {
        String current = CheckQueries.currentRows(table.name(), table.mode());
        String believed = CheckQueries.believedRows(table.name(), table.mode());
        List<CheckResult> results = new ArrayList<>();
        Optional<String> spoiledBy = Optional.empty(); // a check whose failure ended the transaction
        for (AssetCheck check : table.checks()) {
            if (check.severity() != severity) {
                continue;
            }
            if (spoiledBy.isPresent()) {
                results.add(new CheckResult(
                        check.name(),
                        check.severity(),
                        false,
                        NOT_RUN,
                        CheckQueries.threshold(check, previousRows.orElse(null)),
                        List.of(),
                        "not run: check " + spoiledBy.get() + " could not run, which ended the lake's transaction"));
                continue;
            }
            CheckResult result = db.isolated(() -> run(
                    db,
                    check,
                    check instanceof AssetCheck.RowCountTolerance ? believed : current,
                    previousRows.orElse(null)));
            if (ERROR.equals(result.observed()) && !db.isolatesFailures()) {
                spoiledBy = Optional.of(check.name());
            }
            results.add(result);
        }
        return results;
    }

    /** The first column of the first row as a number, or null when there is none or it is NULL or not a number. */
    private static Double firstNumber(List<Map<String, Object>> rows) {
        if (rows.isEmpty() || rows.get(0).isEmpty()) {
            return null;
        }
        Object value = rows.get(0).values().iterator().next();
        if (value instanceof Number n) {
            return n.doubleValue();
        }
        if (value == null) {
            return null;
        }
        try {
            return Double.parseDouble(value.toString());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static CheckResult run(CheckedSession db, AssetCheck check, String current, Long previous) {
        String threshold = CheckQueries.threshold(check, previous);
        try {
            if (check instanceof AssetCheck.RowCountTolerance t) {
                long rows = db.queryLong("SELECT count(*) FROM " + current + " c");
                boolean passed = CheckQueries.withinTolerance(rows, previous, t.percent());
                String message = previous == null
                        ? "row count " + rows + "; no previous materialization to compare with"
                        : "row count " + rows + (passed ? " is " : " is not ") + threshold;
                return new CheckResult(
                        check.name(), check.severity(), passed, Long.toString(rows), threshold, List.of(), message);
            }
            if (check instanceof AssetCheck.ValueThreshold t) {
                List<Map<String, Object>> rows =
                        db.queryRows("SELECT * FROM (" + CheckQueries.customSql(t.sql(), current) + ") v LIMIT 1");
                Double value = firstNumber(rows);
                boolean passed = CheckQueries.withinBounds(value, t);
                String observed = value == null ? "no value" : CheckQueries.number(value);
                String message = value == null
                        ? "the query returned no value to compare with " + threshold
                        : "value " + observed + (passed ? " is " : " is not ") + threshold;
                return new CheckResult(check.name(), check.severity(), passed, observed, threshold, List.of(), message);
            }
            String violations = CheckQueries.violations(check, current);
            long count = db.queryLong("SELECT count(*) FROM (" + violations + ") v");
            List<Map<String, Object>> sample =
                    count == 0 ? List.of() : db.queryRows("SELECT * FROM (" + violations + ") v LIMIT " + SAMPLE);
            return new CheckResult(
                    check.name(),
                    check.severity(),
                    count == 0,
                    Long.toString(count),
                    threshold,
                    sample,
                    count == 0 ? "no violating rows" : count + " violating rows");
        } catch (RuntimeException e) {
            return new CheckResult(
                    check.name(),
                    check.severity(),
                    false,
                    ERROR,
                    threshold,
                    List.of(),
                    "the check could not run: " + e.getMessage());
        }
    }
}
