package io.sluice.lake.duckdb.replay;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.sluice.lake.LakeTimes;
import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.Replace;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A replay file (docs/bitemporal.md section 9), as Jackson reads it: every field optional, so that a missing one is
 * reported here, by its path. {@link #check()} turns it into validated values.
 */
public record ReplayFile(
        @JsonProperty("table") Table table,
        @JsonProperty("batches") List<BatchSpec> batches,
        @JsonProperty("probes") List<Probe> probes) {

    public record Table(
            @JsonProperty("name") String name,
            @JsonProperty("key_columns") List<String> keyColumns,
            @JsonProperty("value_columns") List<String> valueColumns,
            @JsonProperty("date_column") String dateColumn,
            @JsonProperty("complete_by") List<String> completeBy,
            @JsonProperty("column_types") Map<String, String> columnTypes) {}

    public record BatchSpec(
            @JsonProperty("system_time") String systemTime,
            @JsonProperty("replace") String replace,
            @JsonProperty("rows") List<Map<String, String>> rows,
            @JsonProperty("filings") List<Map<String, String>> filings,
            @JsonProperty("expect_error") Boolean expectError) {}

    public record Probe(
            @JsonProperty("business_date") String businessDate,
            @JsonProperty("after_batch") Integer afterBatch) {}

    /** One batch of the file, checked: its table columns exist, its system time and replace mode parse. */
    public record Step(
            int number,
            List<Map<String, Object>> rows,
            List<Map<String, Object>> markers,
            Replace replace,
            Instant systemTime,
            boolean expectError) {}

    /** A probe, checked. */
    public record Question(int afterBatch, LocalDate businessDate) {}

    /** The whole file, checked. */
    public record Checked(BitemporalTable table, List<Step> steps, List<Question> questions) {

        public Checked {
            steps = List.copyOf(steps);
            questions = List.copyOf(questions);
        }
    }

    /** Checks the table, the batches and the probes; the first problem is a {@link ReplayInputException}. */
    public Checked check() {
        BitemporalTable t = bitemporalTable();
        return new Checked(t, steps(t), questions());
    }

    private BitemporalTable bitemporalTable() {
        if (table == null) {
            throw new ReplayInputException("table: missing");
        }
        List<String> keys = columns(table.keyColumns(), "table.key_columns", true);
        List<String> values = columns(table.valueColumns(), "table.value_columns", true);
        List<String> completeBy = columns(table.completeBy(), "table.complete_by", false);
        if (table.dateColumn() == null) {
            throw new ReplayInputException("table.date_column: missing");
        }
        try {
            return new BitemporalTable(
                    table.name() == null ? "replay" : table.name(),
                    keys,
                    values,
                    table.dateColumn(),
                    completeBy,
                    table.columnTypes());
        } catch (IllegalArgumentException e) {
            throw new ReplayInputException("table: " + e.getMessage());
        }
    }

    private static List<String> columns(List<String> names, String where, boolean required) {
        if (names == null) {
            if (required) {
                throw new ReplayInputException(where + ": missing");
            }
            return List.of();
        }
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i) == null) {
                throw new ReplayInputException(where + "[" + i + "]: expected a column name, found null");
            }
        }
        return names;
    }

    /** The batches, checked against the table: unknown columns, bad system times or replace modes are input errors. */
    private List<Step> steps(BitemporalTable t) {
        if (batches == null) {
            throw new ReplayInputException("batches: missing");
        }
        Set<String> rowColumns = lower(t.keyColumns(), t.valueColumns(), List.of(t.dateColumn()));
        Set<String> markerColumns = lower(t.scopeColumns(), List.of(t.dateColumn()));
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < batches.size(); i++) {
            BatchSpec b = batches.get(i);
            String where = "batches[" + i + "]";
            if (b == null) {
                throw new ReplayInputException(where + ": expected an object, found null");
            }
            Replace replace;
            try {
                replace = b.replace() == null ? Replace.NONE : Replace.parse(b.replace());
            } catch (IllegalArgumentException e) {
                throw new ReplayInputException(where + ".replace: " + e.getMessage());
            }
            steps.add(new Step(
                    i + 1,
                    entries(b.rows(), rowColumns, where + ".rows"),
                    entries(b.filings(), markerColumns, where + ".filings"),
                    replace,
                    instant(b.systemTime(), where + ".system_time"),
                    Boolean.TRUE.equals(b.expectError())));
        }
        return steps;
    }

    private List<Question> questions() {
        List<Question> questions = new ArrayList<>();
        int count = batches == null ? 0 : batches.size();
        List<Probe> all = probes == null ? List.of() : probes;
        for (int i = 0; i < all.size(); i++) {
            Probe p = all.get(i);
            String where = "probes[" + i + "]";
            if (p == null) {
                throw new ReplayInputException(where + ": expected an object, found null");
            }
            if (p.businessDate() == null) {
                throw new ReplayInputException(where + ".business_date: missing");
            }
            if (p.afterBatch() == null) {
                throw new ReplayInputException(where + ".after_batch: missing");
            }
            if (p.afterBatch() < 1 || p.afterBatch() > count) {
                throw new ReplayInputException(
                        where + ".after_batch: must be between 1 and " + count + ", got " + p.afterBatch());
            }
            questions.add(new Question(p.afterBatch(), date(p.businessDate(), where + ".business_date")));
        }
        return questions;
    }

    private static List<Map<String, Object>> entries(
            List<Map<String, String>> maps, Set<String> allowed, String where) {
        List<Map<String, Object>> entries = new ArrayList<>();
        if (maps == null) {
            return entries;
        }
        for (int i = 0; i < maps.size(); i++) {
            Map<String, String> map = maps.get(i);
            if (map == null) {
                throw new ReplayInputException(where + "[" + i + "]: expected an object, found null");
            }
            for (String column : map.keySet()) {
                if (!allowed.contains(column.toLowerCase(Locale.ROOT))) {
                    throw new ReplayInputException(where + "[" + i + "]: unknown column \"" + column + "\" (expected "
                            + String.join(", ", allowed) + ")");
                }
            }
            entries.add(new LinkedHashMap<>(map));
        }
        return entries;
    }

    private static Instant instant(String text, String where) {
        if (text == null) {
            return null;
        }
        Instant instant;
        try {
            instant = OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeParseException e) {
            throw new ReplayInputException(
                    where + ": expected an ISO-8601 date-time with offset, found \"" + text + "\"");
        }
        if (LakeTimes.outside(instant)) {
            throw new ReplayInputException(where + ": must be between " + LakeTimes.INSTANTS + ", got " + text);
        }
        return instant;
    }

    private static LocalDate date(String text, String where) {
        LocalDate date;
        try {
            date = LocalDate.parse(text);
        } catch (DateTimeParseException e) {
            throw new ReplayInputException(where + ": expected a date (YYYY-MM-DD), found \"" + text + "\"");
        }
        if (LakeTimes.outside(date)) {
            throw new ReplayInputException(where + ": must be between " + LakeTimes.DATES + ", got " + text);
        }
        return date;
    }

    @SafeVarargs
    private static Set<String> lower(List<String>... lists) {
        return Arrays.stream(lists)
                .flatMap(List::stream)
                .map(s -> s.toLowerCase(Locale.ROOT))
                .collect(Collectors.toCollection(LinkedHashSet::new));
    }
}
