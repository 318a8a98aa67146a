package io.sluice.lake.replay;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.Replace;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** A replay file (BITEMPORAL.md section 9), as Jackson reads it. {@link #check()} turns it into validated values. */
public record ReplayFile(
        @JsonProperty(value = "table", required = true) Table table,
        @JsonProperty(value = "batches", required = true) List<BatchSpec> batches,
        @JsonProperty("probes") List<Probe> probes) {

    public record Table(
            @JsonProperty("name") String name,
            @JsonProperty(value = "key_columns", required = true) List<String> keyColumns,
            @JsonProperty(value = "value_columns", required = true) List<String> valueColumns,
            @JsonProperty(value = "date_column", required = true) String dateColumn,
            @JsonProperty("complete_by") List<String> completeBy,
            @JsonProperty("column_types") Map<String, String> columnTypes) {
    }

    public record BatchSpec(
            @JsonProperty("system_time") String systemTime,
            @JsonProperty("replace") String replace,
            @JsonProperty("rows") List<Map<String, String>> rows,
            @JsonProperty("filings") List<Map<String, String>> filings,
            @JsonProperty("expect_error") Boolean expectError) {
    }

    public record Probe(
            @JsonProperty(value = "business_date", required = true) String businessDate,
            @JsonProperty(value = "after_batch", required = true) Integer afterBatch) {
    }

    /** One batch of the file, checked: its table columns exist, its system time and replace mode parse. */
    public record Step(int number, List<Map<String, Object>> rows, List<Map<String, Object>> markers,
                       Replace replace, Instant systemTime, boolean expectError) {
    }

    /** A probe, checked. */
    public record Question(int afterBatch, LocalDate businessDate) {
    }

    public BitemporalTable bitemporalTable() {
        if (table == null) {
            throw new ReplayInputException("missing \"table\"");
        }
        try {
            return new BitemporalTable(table.name() == null ? "replay" : table.name(), table.keyColumns(),
                    table.valueColumns(), table.dateColumn(), table.completeBy(), table.columnTypes());
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new ReplayInputException("table: " + e.getMessage());
        }
    }

    /** The batches, checked against the table: unknown columns, bad system times or replace modes are input errors. */
    public List<Step> steps() {
        BitemporalTable t = bitemporalTable();
        if (batches == null) {
            throw new ReplayInputException("missing \"batches\"");
        }
        Set<String> rowColumns = lower(t.keyColumns(), t.valueColumns(), List.of(t.dateColumn()));
        Set<String> markerColumns = lower(t.scopeColumns(), List.of(t.dateColumn()));
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < batches.size(); i++) {
            BatchSpec b = batches.get(i);
            String where = "batches[" + i + "]";
            if (b == null) {
                throw new ReplayInputException(where + " is null");
            }
            Replace replace;
            try {
                replace = b.replace() == null ? Replace.NONE : Replace.parse(b.replace());
            } catch (IllegalArgumentException e) {
                throw new ReplayInputException(where + ".replace: " + e.getMessage());
            }
            steps.add(new Step(i + 1, entries(b.rows(), rowColumns, where + ".rows"),
                    entries(b.filings(), markerColumns, where + ".filings"), replace,
                    instant(b.systemTime(), where + ".system_time"), Boolean.TRUE.equals(b.expectError())));
        }
        return steps;
    }

    public List<Question> questions() {
        List<Question> questions = new ArrayList<>();
        int count = batches == null ? 0 : batches.size();
        List<Probe> all = probes == null ? List.of() : probes;
        for (int i = 0; i < all.size(); i++) {
            Probe p = all.get(i);
            String where = "probes[" + i + "]";
            if (p == null || p.afterBatch() == null || p.businessDate() == null) {
                throw new ReplayInputException(where + " needs business_date and after_batch");
            }
            if (p.afterBatch() < 1 || p.afterBatch() > count) {
                throw new ReplayInputException(where + ".after_batch must be between 1 and " + count + ", got "
                        + p.afterBatch());
            }
            try {
                questions.add(new Question(p.afterBatch(), LocalDate.parse(p.businessDate())));
            } catch (DateTimeParseException e) {
                throw new ReplayInputException(where + ".business_date is not a date (YYYY-MM-DD): " + p.businessDate());
            }
        }
        return questions;
    }

    private static List<Map<String, Object>> entries(List<Map<String, String>> maps, Set<String> allowed, String where) {
        List<Map<String, Object>> entries = new ArrayList<>();
        if (maps == null) {
            return entries;
        }
        for (int i = 0; i < maps.size(); i++) {
            Map<String, String> map = maps.get(i);
            if (map == null) {
                throw new ReplayInputException(where + "[" + i + "] is null");
            }
            for (String column : map.keySet()) {
                if (!allowed.contains(column.toLowerCase(Locale.ROOT))) {
                    throw new ReplayInputException(where + "[" + i + "]: unknown column \"" + column + "\" (expected "
                            + String.join(", ", allowed) + ")");
                }
            }
            entries.add(new java.util.LinkedHashMap<>(map));
        }
        return entries;
    }

    private static Instant instant(String text, String where) {
        if (text == null) {
            return null;
        }
        try {
            return OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeParseException e) {
            throw new ReplayInputException(where + " is not an ISO-8601 date-time with offset: " + text);
        }
    }

    @SafeVarargs
    private static Set<String> lower(List<String>... lists) {
        return java.util.Arrays.stream(lists).flatMap(List::stream).map(s -> s.toLowerCase(Locale.ROOT))
                .collect(Collectors.toCollection(java.util.LinkedHashSet::new));
    }
}
