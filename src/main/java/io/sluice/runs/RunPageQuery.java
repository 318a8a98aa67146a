package io.sluice.runs;

import io.sluice.catalog.AssetKey;
import java.time.Instant;
import java.util.Optional;

/**
 * One page of the runs list, newest first, read by keyset (never by offset): the filters, and where the page starts.
 * With no cursor the page holds the newest runs; {@link Direction#OLDER} takes the runs just older than the cursor,
 * {@link Direction#NEWER} the runs just newer than it (still listed newest first).
 *
 * @param tag a run tag the runs carry (such as {@code sluice/schedule}), with or without a value
 * @param createdFrom runs created at or after it
 * @param createdBefore runs created before it
 */
public record RunPageQuery(
        Optional<RunStatus> status,
        Optional<AssetKey> asset,
        Optional<MaterializationMode> mode,
        Optional<String> launchedBy,
        Optional<String> group,
        Optional<Tag> tag,
        Optional<Instant> createdFrom,
        Optional<Instant> createdBefore,
        Optional<RunCursor> cursor,
        Direction direction,
        int limit) {

    public static final int MAX_LIMIT = 200;

    /** Which side of the cursor the page lies on. */
    public enum Direction {
        OLDER,
        NEWER
    }

    /** A tag the runs carry; without a value, any value. */
    public record Tag(String key, Optional<String> value) {
        public Tag {
            if (key == null || key.isBlank()) {
                throw new IllegalArgumentException("a tag filter needs a tag name");
            }
            value = value == null ? Optional.empty() : value;
        }
    }

    public RunPageQuery {
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit must be between 1 and " + MAX_LIMIT);
        }
        direction = direction == null ? Direction.OLDER : direction;
    }

    /** The newest {@code limit} runs, unfiltered. */
    public static RunPageQuery newest(int limit) {
        return new RunPageQuery(
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Direction.OLDER,
                limit);
    }

    /** The same filters, on the page at {@code cursor} in {@code direction}. */
    public RunPageQuery at(RunCursor cursor, Direction direction) {
        return new RunPageQuery(
                status,
                asset,
                mode,
                launchedBy,
                group,
                tag,
                createdFrom,
                createdBefore,
                Optional.of(cursor),
                direction,
                limit);
    }

    public RunPageQuery withStatus(RunStatus s) {
        return new RunPageQuery(
                Optional.of(s),
                asset,
                mode,
                launchedBy,
                group,
                tag,
                createdFrom,
                createdBefore,
                cursor,
                direction,
                limit);
    }

    public RunPageQuery withAsset(AssetKey a) {
        return new RunPageQuery(
                status,
                Optional.of(a),
                mode,
                launchedBy,
                group,
                tag,
                createdFrom,
                createdBefore,
                cursor,
                direction,
                limit);
    }

    public RunPageQuery withMode(MaterializationMode m) {
        return new RunPageQuery(
                status,
                asset,
                Optional.of(m),
                launchedBy,
                group,
                tag,
                createdFrom,
                createdBefore,
                cursor,
                direction,
                limit);
    }

    public RunPageQuery withLaunchedBy(String who) {
        return new RunPageQuery(
                status,
                asset,
                mode,
                Optional.of(who),
                group,
                tag,
                createdFrom,
                createdBefore,
                cursor,
                direction,
                limit);
    }

    public RunPageQuery withGroup(String g) {
        return new RunPageQuery(
                status,
                asset,
                mode,
                launchedBy,
                Optional.of(g),
                tag,
                createdFrom,
                createdBefore,
                cursor,
                direction,
                limit);
    }

    public RunPageQuery withTag(String key, Optional<String> value) {
        return new RunPageQuery(
                status,
                asset,
                mode,
                launchedBy,
                group,
                Optional.of(new Tag(key, value)),
                createdFrom,
                createdBefore,
                cursor,
                direction,
                limit);
    }

    public RunPageQuery createdBetween(Optional<Instant> from, Optional<Instant> before) {
        return new RunPageQuery(status, asset, mode, launchedBy, group, tag, from, before, cursor, direction, limit);
    }
}
