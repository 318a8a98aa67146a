package io.sluice.runs;

import io.sluice.catalog.AssetKey;
import io.sluice.text.Text;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * Which runs a list shows: the one filter of the runs list page and of {@code GET /api/runs}, read from the same query
 * parameters by {@link #read}, so that both lists keep the same runs for the same address. Every field is optional; a
 * run is kept when it matches all of those given.
 *
 * @param asset runs with a step of this asset
 * @param mode runs materializing in this mode (a rollback has none)
 * @param launchedBy who launched them, as stored ({@code alice}, {@code schedule:daily})
 * @param group the runs of one backfill (its id: a backfill's runs have it as their group)
 * @param tag a tag the runs carry (what launched them: {@link RunOrigin}), with or without a value
 * @param partition runs over this partition key
 * @param createdFrom runs created at or after it
 * @param createdBefore runs created before it
 */
public record RunFilter(
        Optional<RunStatus> status,
        Optional<AssetKey> asset,
        Optional<MaterializationMode> mode,
        Optional<String> launchedBy,
        Optional<String> group,
        Optional<Tag> tag,
        Optional<String> partition,
        Optional<Instant> createdFrom,
        Optional<Instant> createdBefore) {

    /** Every run. */
    public static final RunFilter NONE = new RunFilter(
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty());

    /** The query parameters {@link #read} takes, in the order the forms show them. */
    public static final List<String> PARAMETERS = List.of(
            "status", "asset", "mode", "launchedBy", "backfill", "origin", "name", "partition", "from", "until");

    /** A tag the runs carry; without a value, any value. */
    public record Tag(String key, Optional<String> value) {
        public Tag {
            if (key == null || key.isBlank()) {
                throw new IllegalArgumentException("a tag filter needs a tag name");
            }
            value = value == null ? Optional.empty() : value;
        }
    }

    public RunFilter {
        status = orEmpty(status);
        asset = orEmpty(asset);
        mode = orEmpty(mode);
        launchedBy = orEmpty(launchedBy);
        group = orEmpty(group);
        tag = orEmpty(tag);
        partition = orEmpty(partition);
        createdFrom = orEmpty(createdFrom);
        createdBefore = orEmpty(createdBefore);
    }

    private static <T> Optional<T> orEmpty(Optional<T> value) {
        return value == null ? Optional.empty() : value;
    }

    /**
     * The filter the query parameters give ({@link #PARAMETERS}; {@code param} answers a parameter's value, null or
     * blank when it is not given): {@code status}, {@code asset}, {@code mode}, {@code launchedBy}, {@code backfill} (a
     * backfill's id, or its end, which {@code backfillIds} resolves), {@code origin} and its {@code name}, {@code
     * partition}, {@code from} and {@code until} (a day, {@code until} meaning its end, or a time in UTC).
     *
     * @throws RequestRejected naming the first parameter that cannot be read ({@link RequestRejected.Unreadable}: an
     *     asset key, a day or a time written wrong) or is not allowed ({@link RequestRejected.Invalid}: not one of the
     *     choices, text against the rules, {@code until} not after {@code from}, a name without its origin)
     */
    public static RunFilter read(Function<String, String> param, ShortIds.Resolver backfillIds) {
        RunFilter f = NONE;
        String status = ListFilters.given(param, "status");
        if (!status.isEmpty()) {
            f = f.withStatus(ListFilters.oneOf("status", status, RunStatus.class));
        }
        String mode = ListFilters.given(param, "mode");
        if (!mode.isEmpty()) {
            f = f.withMode(ListFilters.oneOf("mode", mode, MaterializationMode.class));
        }
        String asset = ListFilters.given(param, "asset");
        if (!asset.isEmpty()) {
            f = f.withAsset(ListFilters.assetKey("asset", asset));
        }
        String launchedBy = ListFilters.given(param, "launchedBy");
        if (!launchedBy.isEmpty()) {
            f = f.withLaunchedBy(ListFilters.text("launchedBy", launchedBy));
        }
        String backfill = ListFilters.given(param, "backfill");
        if (!backfill.isEmpty()) {
            f = f.withGroup(backfillIds.resolve("backfill", ListFilters.text("backfill", backfill)));
        }
        String origin = ListFilters.given(param, "origin");
        String name = ListFilters.given(param, "name");
        if (!origin.isEmpty()) {
            RunOrigin o = RunOrigin.of(origin.toLowerCase(Locale.ROOT))
                    .orElseThrow(() -> RequestRejected.invalid(
                            "origin",
                            "origin must be one of " + String.join(", ", RunOrigin.parameters()) + ", not '"
                                    + Text.escape(origin) + "'"));
            f = f.withTag(o.tag(), name.isEmpty() ? Optional.empty() : Optional.of(ListFilters.text("name", name)));
        } else if (!name.isEmpty()) {
            throw RequestRejected.invalid("name", "name is the name of an origin: choose the origin too");
        }
        String partition = ListFilters.given(param, "partition");
        if (!partition.isEmpty()) {
            f = f.withPartition(ListFilters.text("partition", partition));
        }
        String from = ListFilters.given(param, "from");
        String until = ListFilters.given(param, "until");
        Optional<Instant> start =
                from.isEmpty() ? Optional.empty() : Optional.of(ListFilters.instant("from", from, false));
        Optional<Instant> end =
                until.isEmpty() ? Optional.empty() : Optional.of(ListFilters.instant("until", until, true));
        if (start.isPresent() && end.isPresent() && !end.get().isAfter(start.get())) {
            throw RequestRejected.invalid("until", "until (" + until + ") must be after from (" + from + ")");
        }
        return f.createdBetween(start, end);
    }

    public RunFilter withStatus(RunStatus s) {
        return new RunFilter(
                Optional.of(s), asset, mode, launchedBy, group, tag, partition, createdFrom, createdBefore);
    }

    public RunFilter withAsset(AssetKey a) {
        return new RunFilter(
                status, Optional.of(a), mode, launchedBy, group, tag, partition, createdFrom, createdBefore);
    }

    public RunFilter withMode(MaterializationMode m) {
        return new RunFilter(
                status, asset, Optional.of(m), launchedBy, group, tag, partition, createdFrom, createdBefore);
    }

    public RunFilter withLaunchedBy(String who) {
        return new RunFilter(status, asset, mode, Optional.of(who), group, tag, partition, createdFrom, createdBefore);
    }

    public RunFilter withGroup(String g) {
        return new RunFilter(
                status, asset, mode, launchedBy, Optional.of(g), tag, partition, createdFrom, createdBefore);
    }

    public RunFilter withTag(String key, Optional<String> value) {
        return new RunFilter(
                status,
                asset,
                mode,
                launchedBy,
                group,
                Optional.of(new Tag(key, value)),
                partition,
                createdFrom,
                createdBefore);
    }

    public RunFilter withPartition(String key) {
        return new RunFilter(status, asset, mode, launchedBy, group, tag, Optional.of(key), createdFrom, createdBefore);
    }

    public RunFilter createdBetween(Optional<Instant> from, Optional<Instant> before) {
        return new RunFilter(status, asset, mode, launchedBy, group, tag, partition, from, before);
    }
}
