package io.sluice.backfill;

import io.sluice.runs.RunHistory;
import io.sluice.runs.RunStatus;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where each backfill stands ({@link BackfillRuns#standing}: its partitions as spans of one status, its counts), read
 * once per change of its runs rather than once per page, and for a large backfill at most every so often. The standing
 * reads every run of the backfill (100,000 rows for 100,000 one-partition runs). Whether any run moved is told by the
 * count of its runs per status, an index-only read of the run table, as a run's status only moves forward (queued,
 * started, ended): any move changes a count, and a run queued again after a crash adds one. A standing that took
 * {@code t} to read is served for {@value #AGE_PER_COST} × {@code t} (at most {@link #MAX_AGE}) before the counts are
 * looked at again, so that a backfill of 100,000 partitions whose runs move all the time is read a few times a minute,
 * not on every refresh of every page; a small one is read again as soon as it moved. A backfill that has just ended is
 * read again at once, never served from a standing read before its end; once it has no run left queued or running it
 * never changes again, and is not even counted. Kept in memory for the {@value #ENTRIES}
 * backfills read last; a standing of more than {@value #MAX_SPANS} spans keeps its counts only. Each process keeps its
 * own, read from the store.
 */
@ApplicationScoped
public class BackfillStandings {

    static final int ENTRIES = 32;
    static final int MAX_SPANS = 5_000;
    static final int AGE_PER_COST = 10;
    static final Duration MAX_AGE = Duration.ofSeconds(30);

    /** A standing, the run counts it was read at, when it was read and how long that took, whether it can change. */
    private record Entry(
            Map<RunStatus, Long> runs,
            BackfillRuns.Standing standing,
            boolean spansKept,
            boolean settled,
            Instant readAt,
            Duration took) {

        boolean serves(boolean withSpans) {
            return spansKept || !withSpans;
        }

        boolean young(Instant now) {
            Duration age = took.multipliedBy(AGE_PER_COST);
            return now.isBefore(readAt.plus(age.compareTo(MAX_AGE) > 0 ? MAX_AGE : age));
        }
    }

    private final BackfillRuns spans;
    private final RunHistory history;
    private final InstantSource clock;
    private final Map<String, Entry> read = new LinkedHashMap<>(ENTRIES, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Entry> eldest) {
            return size() > ENTRIES;
        }
    };

    BackfillStandings(BackfillRuns spans, RunHistory history, InstantSource clock) {
        this.spans = spans;
        this.history = history;
        this.clock = clock;
    }

    /** Its runs and partitions by status. */
    public BackfillRuns.Counts counts(Backfill backfill) {
        return standing(backfill, false).counts();
    }

    /** Its partitions as spans of one status, and its counts. */
    public BackfillRuns.Standing standing(Backfill backfill) {
        return standing(backfill, true);
    }

    private BackfillRuns.Standing standing(Backfill backfill, boolean withSpans) {
        String id = backfill.id();
        Instant now = clock.instant();
        Entry known;
        synchronized (read) {
            known = read.get(id);
        }
        // a young standing is served while the backfill runs; once it ended, its counts are looked at again (and a
        // settled one never again), so that an ended backfill never shows the counts of before its end
        boolean young = known != null && known.young(now) && !backfill.status().isTerminal();
        if (known != null && known.serves(withSpans) && (known.settled() || young)) {
            return known.standing();
        }
        // the counts first: a run that moves while the standing is read makes the next read read it again
        Map<RunStatus, Long> runs = history.countByStatus(id);
        if (known != null && known.serves(withSpans) && known.runs().equals(runs)) {
            return known.standing();
        }
        long start = System.nanoTime();
        BackfillRuns.Standing standing = spans.standing(id);
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        boolean settled = backfill.status().isTerminal()
                && !runs.containsKey(RunStatus.QUEUED)
                && !runs.containsKey(RunStatus.STARTED);
        if (standing.counts().runs().total() > 0) { // a backfill whose spans are being placed at start is read again
            boolean kept = standing.spans().size() <= MAX_SPANS;
            Entry entry = new Entry(
                    runs,
                    kept ? standing : new BackfillRuns.Standing(List.of(), standing.counts()),
                    kept,
                    settled,
                    now,
                    took);
            synchronized (read) {
                read.put(id, entry);
            }
        }
        return standing;
    }
}
