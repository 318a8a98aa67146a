package io.sluice.runs;

import io.sluice.catalog.AssetKey;
import java.time.Instant;
import java.util.Optional;

/**
 * Which runs a list shows: the one filter of the runs list page and of {@code GET /api/runs}, read from the same query
 * parameters by {@code io.sluice.lists.ListFilters#runs}, so that both lists keep the same runs for the same address. Every field is optional; a
 * run is kept when it matches all of those given.
 *
 * @param asset runs with a step of this asset
 * @param mode runs materializing in this mode (a rollback has none)
 * @param launchedBy who launched them, as stored ({@code alice}, {@code schedule:daily})
 * @param group the runs of one group (the id their launcher gave them as their group)
 * @param tag a tag the runs carry (what launched them), with or without a value
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
