package io.sluice.runs;

import io.sluice.catalog.AssetKey;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The storage port for reading runs back: one run, filtered lists, and what the runs of a group came to. */
public interface RunHistory {

    Optional<Run> find(String id);

    /**
     * Ids of runs that end with {@code suffix} (hexadecimal digits and dashes), at most {@code limit}: how a short id is
     * looked up ({@link ShortIds}). Reads every run id, not the runs: it serves a typed id, not a page's rows.
     */
    List<String> idsEndingWith(String suffix, int limit);

    List<Run> list(RunQuery query);

    /** How many runs of a group are in each status. */
    Map<RunStatus, Long> countByStatus(String group);

    /** The partitions of the group's runs that ended in one of {@code statuses}. */
    List<String> partitionsOfGroup(String group, Set<RunStatus> statuses);

    /** The newest step of each of the given assets, across runs (assets never run are absent). */
    Map<AssetKey, AssetRun> lastStepByAsset(Collection<AssetKey> assets);

    /** One page of the runs list by keyset on (created at, id), newest first, and the cursors of its neighbours. */
    RunListing page(RunPageQuery query);
}
