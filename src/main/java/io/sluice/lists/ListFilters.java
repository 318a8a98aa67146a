package io.sluice.lists;

import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditFilter;
import io.sluice.catalog.AssetKey;
import io.sluice.lake.LakeTimes;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.RunFilter;
import io.sluice.runs.RunStatus;
import io.sluice.runs.ShortIds;
import io.sluice.text.Text;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * The rules by which the lists' filters are read from query parameters, the same for the API and the pages: blank is
 * not given; a value not written as what it must be (an asset key, a day or a time) is {@link
 * RequestRejected.Unreadable}, one written well but not allowed (not one of the choices, text against {@link Text}'s
 * rules, out of range) is {@link RequestRejected.Invalid}, each naming its parameter. The filters of the runs list
 * ({@link #runs}) and of the audit trail ({@link #audit}) are read by them, and the backfills' status by
 * {@code BackfillFilter}. This package knows runs, backfills and the audit trail alike: {@code io.sluice.runs} names no
 * backfill, so the lists' parameters that do are read here.
 */
public final class ListFilters {

    /** The longest text a text filter takes. */
    public static final int MAX_TEXT = 400;

    /** The query parameters of the runs list's filter ({@link #runs}), in the order the forms show them. */
    public static final List<String> RUN_PARAMETERS = List.of(
            "status", "asset", "mode", "launchedBy", "backfill", "origin", "name", "partition", "from", "until");

    /** The query parameters of the audit trail's filter ({@link #audit}). */
    public static final List<String> AUDIT_PARAMETERS =
            List.of("actor", "action", "target", "asset", "run", "backfill", "from", "to");

    private ListFilters() {}

    /** The resolvers of typed ids (whole, or the end of one) that a filter naming runs or backfills needs. */
    public record Ids(ShortIds.Resolver runs, ShortIds.Resolver backfills) {}

    /**
     * The filter the query parameters give ({@link #RUN_PARAMETERS}; {@code param} answers a parameter's value, null or
     * blank when it is not given): {@code status}, {@code asset}, {@code mode}, {@code launchedBy}, {@code backfill} (a
     * backfill's id, or its end, which {@code backfillIds} resolves), {@code origin} and its {@code name}, {@code
     * partition}, {@code from} and {@code until} (a day, {@code until} meaning its end, or a time in UTC).
     *
     * @throws RequestRejected naming the first parameter that cannot be read ({@link RequestRejected.Unreadable}: an
     *     asset key, a day or a time written wrong) or is not allowed ({@link RequestRejected.Invalid}: not one of the
     *     choices, text against the rules, {@code until} not after {@code from}, a name without its origin)
     */
    public static RunFilter runs(Function<String, String> param, ShortIds.Resolver backfillIds) {
        RunFilter f = RunFilter.NONE;
        String status = given(param, "status");
        if (!status.isEmpty()) {
            f = f.withStatus(oneOf("status", status, RunStatus.class));
        }
        String mode = given(param, "mode");
        if (!mode.isEmpty()) {
            f = f.withMode(oneOf("mode", mode, MaterializationMode.class));
        }
        String asset = given(param, "asset");
        if (!asset.isEmpty()) {
            f = f.withAsset(assetKey("asset", asset));
        }
        String launchedBy = given(param, "launchedBy");
        if (!launchedBy.isEmpty()) {
            f = f.withLaunchedBy(text("launchedBy", launchedBy));
        }
        String backfill = given(param, "backfill");
        if (!backfill.isEmpty()) {
            f = f.withGroup(backfillIds.resolve("backfill", text("backfill", backfill)));
        }
        String origin = given(param, "origin");
        String name = given(param, "name");
        if (!origin.isEmpty()) {
            RunOrigin o = RunOrigin.of(origin.toLowerCase(Locale.ROOT))
                    .orElseThrow(() -> RequestRejected.invalid(
                            "origin",
                            "origin must be one of " + String.join(", ", RunOrigin.parameters()) + ", not '"
                                    + Text.escape(origin) + "'"));
            f = f.withTag(o.tag(), name.isEmpty() ? Optional.empty() : Optional.of(text("name", name)));
        } else if (!name.isEmpty()) {
            throw RequestRejected.invalid("name", "name is the name of an origin: choose the origin too");
        }
        String partition = given(param, "partition");
        if (!partition.isEmpty()) {
            f = f.withPartition(text("partition", partition));
        }
        String from = given(param, "from");
        String until = given(param, "until");
        Optional<Instant> start = from.isEmpty() ? Optional.empty() : Optional.of(instant("from", from, false));
        Optional<Instant> end = until.isEmpty() ? Optional.empty() : Optional.of(instant("until", until, true));
        if (start.isPresent() && end.isPresent() && !end.get().isAfter(start.get())) {
            throw RequestRejected.invalid("until", "until (" + until + ") must be after from (" + from + ")");
        }
        return f.createdBetween(start, end);
    }

    /** A parameter's value, stripped; empty when not given. */
    public static String given(Function<String, String> param, String name) {
        String value = param.apply(name);
        return value == null ? "" : value.strip();
    }

    public static String text(String field, String value) {
        if (value.length() > MAX_TEXT) {
            throw RequestRejected.invalid(field, field + " is longer than " + MAX_TEXT + " characters");
        }
        Text.keyProblem(field, value).ifPresent(problem -> {
            throw RequestRejected.invalid(field, problem);
        });
        return value;
    }

    public static <E extends Enum<E>> E oneOf(String field, String value, Class<E> type) {
        try {
            return Enum.valueOf(type, value.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            List<String> names =
                    Arrays.stream(type.getEnumConstants()).map(Enum::name).toList();
            throw RequestRejected.invalid(
                    field,
                    field + " must be one of " + String.join(", ", names) + ", not '" + Text.escape(value) + "'");
        }
    }

    public static AssetKey assetKey(String field, String value) {
        try {
            return AssetKey.parse(value);
        } catch (IllegalArgumentException e) {
            throw RequestRejected.malformed(
                    field, field + " '" + Text.escape(value) + "' is not an asset key: " + e.getMessage());
        }
    }

    /**
     * An instant from a day ({@code 2026-12-02}; {@code endOfDay}: the end of it), a time with an offset
     * ({@code 2026-12-02T16:05:00Z}) or without one, as a browser's date-time field sends it ({@code 2026-12-02T16:05},
     * read as UTC), in years 1 to 9999.
     */
    public static Instant instant(String field, String value, boolean endOfDay) {
        Instant instant;
        try {
            if (value.length() == 10) {
                LocalDate day = LocalDate.parse(value);
                instant = (endOfDay ? day.plusDays(1) : day)
                        .atStartOfDay(ZoneOffset.UTC)
                        .toInstant();
            } else {
                instant = offsetOrUtc(value);
            }
        } catch (DateTimeParseException e) {
            throw RequestRejected.malformed(
                    field,
                    field + " must be a day (2026-12-02) or a time in UTC (2026-12-02T16:05), not '"
                            + Text.escape(value) + "'");
        }
        if (LakeTimes.outside(instant)) {
            throw RequestRejected.invalid(field, field + " must be between " + LakeTimes.INSTANTS);
        }
        return instant;
    }

    private static Instant offsetOrUtc(String value) {
        try {
            return OffsetDateTime.parse(value).toInstant();
        } catch (DateTimeParseException withoutOffset) {
            return LocalDateTime.parse(value).toInstant(ZoneOffset.UTC);
        }
    }

    /**
     * The audit trail's filter from its query parameters ({@link #AUDIT_PARAMETERS}): {@code actor}, {@code action}
     * (one of {@link AuditAction}), {@code target} (what an event is about: a run or backfill id, or its end when one
     * run or backfill alone ends with it, an asset key, a name the detail gives), {@code asset}, {@code run} and
     * {@code backfill} (ids, or their ends), {@code from} and {@code to} (at or after, before: a day, {@code to} meaning
     * its end, or a time); the page and {@code GET /api/audit} read it alike.
     */
    public static AuditFilter audit(Function<String, String> param, Ids ids) {
        String actor = given(param, "actor");
        String action = given(param, "action");
        String target = given(param, "target");
        String asset = given(param, "asset");
        String run = given(param, "run");
        String backfill = given(param, "backfill");
        String from = given(param, "from");
        String to = given(param, "to");
        Optional<Instant> after = from.isEmpty() ? Optional.empty() : Optional.of(instant("from", from, false));
        Optional<Instant> before = to.isEmpty() ? Optional.empty() : Optional.of(instant("to", to, true));
        if (after.isPresent() && before.isPresent() && !after.get().isBefore(before.get())) {
            throw RequestRejected.invalid("from", "from must be before to");
        }
        return new AuditFilter(
                actor.isEmpty() ? Optional.empty() : Optional.of(text("actor", actor)),
                action.isEmpty() ? Optional.empty() : Optional.of(oneOf("action", action, AuditAction.class)),
                target.isEmpty() ? Optional.empty() : Optional.of(target(text("target", target), ids)),
                asset.isEmpty()
                        ? Optional.empty()
                        : Optional.of(assetKey("asset", asset).toString()),
                run.isEmpty() ? Optional.empty() : Optional.of(ids.runs().resolve("run", text("run", run))),
                backfill.isEmpty()
                        ? Optional.empty()
                        : Optional.of(ids.backfills().resolve("backfill", text("backfill", backfill))),
                after,
                before);
    }

    /**
     * A target as typed, or the whole id of the one run or backfill whose id ends with it: a target may also be an
     * asset key or a name, so what no id (or several) end with is kept as typed.
     */
    static String target(String typed, Ids ids) {
        if (ShortIds.suffix(typed)
                .filter(s -> s.length() >= ShortIds.MIN_SUFFIX)
                .isEmpty()) {
            return typed;
        }
        List<String> found = new ArrayList<>();
        for (ShortIds.Resolver resolver : List.of(ids.runs(), ids.backfills())) {
            try {
                found.add(resolver.resolve("target", typed));
            } catch (RequestRejected e) {
                // not the end of one id of this kind
            }
        }
        return found.size() == 1 ? found.get(0) : typed;
    }
}
