package io.sluice.web;

import io.sluice.automation.Launch;
import io.sluice.backfill.BackfillTags;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.Reexecution;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.RunCursor;
import io.sluice.runs.RunPageQuery;
import io.sluice.runs.RunStatus;
import io.sluice.text.Text;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The filters of the runs list as they are in the query string (kept as typed, to fill the form again), read into a
 * {@link RunPageQuery}: what is not a status, mode, origin, time or position in the list is refused naming its field.
 */
public record RunsFilter(
        String status,
        String asset,
        String mode,
        String launchedBy,
        String backfill,
        String origin,
        String name,
        String from,
        String until,
        String before,
        String after) {

    /** The origins a run's tags tell, by the value of the {@code origin} parameter. */
    static final Map<String, String> ORIGIN_TAGS = origins();

    public static final int PAGE_SIZE = 50;

    private static Map<String, String> origins() {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("schedule", Launch.SCHEDULE_TAG);
        tags.put("sensor", Launch.SENSOR_TAG);
        tags.put("trigger", Launch.TRIGGER_TAG);
        tags.put("backfill", BackfillTags.BACKFILL);
        tags.put("reexecution", Reexecution.OF);
        return tags;
    }

    public RunsFilter {
        status = trim(status);
        asset = trim(asset);
        mode = trim(mode);
        launchedBy = trim(launchedBy);
        backfill = trim(backfill);
        origin = trim(origin);
        name = trim(name);
        from = trim(from);
        until = trim(until);
        before = trim(before);
        after = trim(after);
    }

    /** From the query string's first value of each parameter. */
    static RunsFilter of(Function<String, String> param) {
        return new RunsFilter(
                param.apply("status"),
                param.apply("asset"),
                param.apply("mode"),
                param.apply("launchedBy"),
                param.apply("backfill"),
                param.apply("origin"),
                param.apply("name"),
                param.apply("from"),
                param.apply("until"),
                param.apply("before"),
                param.apply("after"));
    }

    /** The store's query of this filter, a page of {@code limit} runs; refused naming the first field that is wrong. */
    RunPageQuery query(int limit) {
        RunPageQuery q = RunPageQuery.newest(limit);
        if (!status.isEmpty()) {
            q = q.withStatus(oneOf("status", status, RunStatus.values(), RunStatus::valueOf));
        }
        if (!mode.isEmpty()) {
            q = q.withMode(oneOf("mode", mode, MaterializationMode.values(), MaterializationMode::valueOf));
        }
        if (!asset.isEmpty()) {
            q = q.withAsset(assetKey());
        }
        if (!launchedBy.isEmpty()) {
            q = q.withLaunchedBy(text("launchedBy", launchedBy));
        }
        if (!backfill.isEmpty()) {
            q = q.withGroup(text("backfill", backfill));
        }
        if (!origin.isEmpty()) {
            String tag = ORIGIN_TAGS.get(origin);
            if (tag == null) {
                throw RequestRejected.invalid(
                        "origin",
                        "origin must be one of " + String.join(", ", ORIGIN_TAGS.keySet()) + ", not '"
                                + Text.escape(origin) + "'");
            }
            q = q.withTag(tag, name.isEmpty() ? Optional.empty() : Optional.of(text("name", name)));
        } else if (!name.isEmpty()) {
            throw RequestRejected.invalid("name", "name is the name of an origin: choose the origin too");
        }
        Optional<Instant> start = from.isEmpty() ? Optional.empty() : Optional.of(instant("from", from, false));
        Optional<Instant> end = until.isEmpty() ? Optional.empty() : Optional.of(instant("until", until, true));
        if (start.isPresent() && end.isPresent() && !end.get().isAfter(start.get())) {
            throw RequestRejected.invalid("until", "until (" + until + ") must be after from (" + from + ")");
        }
        q = q.createdBetween(start, end);
        if (!before.isEmpty() && !after.isEmpty()) {
            throw RequestRejected.invalid("after", "give either before or after, not both");
        }
        if (!before.isEmpty()) {
            q = q.at(RunCursor.parse("before", before), RunPageQuery.Direction.OLDER);
        } else if (!after.isEmpty()) {
            q = q.at(RunCursor.parse("after", after), RunPageQuery.Direction.NEWER);
        }
        return q;
    }

    /** The query string of these filters at another position ({@code before} or {@code after} a cursor, or the top). */
    String href(String direction, Optional<RunCursor> cursor) {
        Map<String, String> params = filters();
        cursor.ifPresent(c -> params.put(direction, c.encode()));
        return "/runs"
                + (params.isEmpty()
                        ? ""
                        : "?"
                                + params.entrySet().stream()
                                        .map(e -> e.getKey() + "=" + OriginLink.encode(e.getValue()))
                                        .collect(Collectors.joining("&")));
    }

    /** The list's first page with these filters. */
    public String newestHref() {
        return href("", Optional.empty());
    }

    /** Whether any filter (not the position) is set. */
    public boolean filtered() {
        return !filters().isEmpty();
    }

    private Map<String, String> filters() {
        Map<String, String> params = new LinkedHashMap<>();
        put(params, "status", status);
        put(params, "asset", asset);
        put(params, "mode", mode);
        put(params, "launchedBy", launchedBy);
        put(params, "backfill", backfill);
        put(params, "origin", origin);
        put(params, "name", name);
        put(params, "from", from);
        put(params, "until", until);
        return params;
    }

    private static void put(Map<String, String> params, String name, String value) {
        if (!value.isEmpty()) {
            params.put(name, value);
        }
    }

    private AssetKey assetKey() {
        try {
            return AssetKey.parse(asset);
        } catch (IllegalArgumentException e) {
            throw RequestRejected.invalid(
                    "asset", "asset '" + Text.escape(asset) + "' is not an asset key: " + e.getMessage());
        }
    }

    private static String text(String field, String value) {
        if (value.length() > 400) {
            throw RequestRejected.invalid(field, field + " is longer than 400 characters");
        }
        Text.keyProblem(field, value).ifPresent(problem -> {
            throw RequestRejected.invalid(field, problem);
        });
        return value;
    }

    private static <E extends Enum<E>> E oneOf(String field, String value, E[] values, Function<String, E> parse) {
        try {
            return parse.apply(value.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            List<String> names = Arrays.stream(values).map(Enum::name).toList();
            throw RequestRejected.invalid(
                    field,
                    field + " must be one of " + String.join(", ", names) + ", not '" + Text.escape(value) + "'");
        }
    }

    /**
     * An instant in UTC from a day ({@code 2026-12-02}), a time of day as a date-time field sends it
     * ({@code 2026-12-02T16:05}) or an ISO instant; a day as {@code until} means its end.
     */
    static Instant instant(String field, String value, boolean endOfDay) {
        try {
            if (value.length() == 10) {
                LocalDate day = LocalDate.parse(value);
                return (endOfDay ? day.plusDays(1) : day)
                        .atStartOfDay(ZoneOffset.UTC)
                        .toInstant();
            }
            if (value.endsWith("Z")) {
                return Instant.parse(value);
            }
            return LocalDateTime.parse(value).toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            throw RequestRejected.invalid(
                    field,
                    field + " must be a day (2026-12-02) or a time in UTC (2026-12-02T16:05), not '"
                            + Text.escape(value) + "'");
        }
    }

    private static String trim(String value) {
        return value == null ? "" : value.strip();
    }
}
