package io.sluice.runs.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.catalog.AssetKey;
import io.sluice.runs.QueuedRun;
import io.sluice.testing.Property;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The dispatcher's decision of what to start next, without a store, threads or sleeping. */
class DispatchPlanTest {

    private static final AssetKey A = AssetKey.parse("test/a");
    private static final AssetKey B = AssetKey.parse("test/b");

    /** Limits by group and pool; pools by asset (test/b is in pool "p", test/a in none). */
    private final Map<String, Integer> groupLimits = new HashMap<>();

    private final Map<String, Integer> poolLimits = new HashMap<>();
    private int groupSize = 1;

    private DispatchPlan plan() {
        return new DispatchPlan(
                new DispatchPlan.Limits() {
                    @Override
                    public int group(String group) {
                        return groupLimits.getOrDefault(group, Integer.MAX_VALUE);
                    }

                    @Override
                    public int pool(String pool) {
                        return poolLimits.getOrDefault(pool, Integer.MAX_VALUE);
                    }
                },
                run -> run.assets().contains(B) ? Set.of("p") : Set.of(),
                run -> groupSize);
    }

    private static QueuedRun single(String id) {
        return new QueuedRun(id, null, List.of(A));
    }

    private static QueuedRun grouped(String id, String group) {
        return new QueuedRun(id, group, List.of(A));
    }

    private static QueuedRun pooled(String id, String group) {
        return new QueuedRun(id, group, List.of(B));
    }

    private static List<List<String>> ids(DispatchPlan.Decision d) {
        return d.start().stream()
                .map(g -> g.stream().map(QueuedRun::id).toList())
                .toList();
    }

    @Test
    void singleLaunchesStartOneAGroupAsFarAsTheFreeWorkersGo() {
        List<QueuedRun> ahead = List.of(single("r1"), single("r2"), single("r3"));
        DispatchPlan.Decision d = plan().decide(ahead, List.of(), 2);
        assertThat(ids(d)).containsExactly(List.of("r1"), List.of("r2"));
        assertThat(d.examined()).isEqualTo(2);
        assertThat(d.held()).isEmpty();
    }

    @Test
    void noFreeWorkerStartsNothingAndReadsNothing() {
        DispatchPlan.Decision d = plan().decide(List.of(single("r1")), List.of(), 0);
        assertThat(d.start()).isEmpty();
        assertThat(d.examined()).isZero();
    }

    @Test
    void groupedRunsAreJoinedByTheNextOfTheSameGroupUpToTheGroupSize() {
        groupSize = 3;
        List<QueuedRun> ahead = List.of(
                grouped("a1", "g"),
                grouped("a2", "g"),
                grouped("a3", "g"),
                grouped("a4", "g"),
                grouped("b1", "h"),
                single("s1"),
                grouped("b2", "h"));
        DispatchPlan.Decision d = plan().decide(ahead, List.of(), 4);
        // a group stops at its size, at another group's run and at a single launch
        assertThat(ids(d)).containsExactly(List.of("a1", "a2", "a3"), List.of("a4"), List.of("b1"), List.of("s1"));
        assertThat(d.examined()).isEqualTo(6);
    }

    @Test
    void aSingleLaunchIsNeverGroupedWhateverTheGroupSize() {
        groupSize = 10;
        DispatchPlan.Decision d = plan().decide(List.of(single("s1"), single("s2")), List.of(), 1);
        assertThat(ids(d)).containsExactly(List.of("s1"));
    }

    @Test
    void aGroupAtItsLimitIsHeldInPlaceAndTheRunsBehindItStart() {
        groupLimits.put("g", 2);
        groupSize = 5;
        Collection<QueuedRun> inFlight = List.of(grouped("g0", "g"));
        List<QueuedRun> ahead = List.of(grouped("g1", "g"), grouped("g2", "g"), grouped("g3", "g"), single("s1"));
        DispatchPlan.Decision d = plan().decide(ahead, inFlight, 4);
        // one more of g fits (g0 counts); g2 and g3 are held, in order; s1 starts past them
        assertThat(ids(d)).containsExactly(List.of("g1"), List.of("s1"));
        assertThat(d.held()).extracting(QueuedRun::id).containsExactly("g2", "g3");
        assertThat(d.examined()).isEqualTo(4);
    }

    @Test
    void aPoolLimitCountsRunsOfEveryGroupAndSingleLaunches() {
        poolLimits.put("p", 2);
        List<QueuedRun> ahead = List.of(pooled("p1", null), pooled("p2", "g"), pooled("p3", "h"), single("s1"));
        DispatchPlan.Decision d = plan().decide(ahead, List.of(pooled("p0", null)), 4);
        assertThat(ids(d)).containsExactly(List.of("p1"), List.of("s1"));
        assertThat(d.held()).extracting(QueuedRun::id).containsExactly("p2", "p3");
    }

    @Test
    void aGroupStopsGrowingAtItsLimit() {
        groupLimits.put("g", 2);
        groupSize = 5;
        DispatchPlan.Decision d =
                plan().decide(List.of(grouped("g1", "g"), grouped("g2", "g"), grouped("g3", "g")), List.of(), 1);
        assertThat(ids(d)).containsExactly(List.of("g1", "g2"));
        // g3 is not looked at: it stays ahead, not held
        assertThat(d.examined()).isEqualTo(2);
        assertThat(d.held()).isEmpty();
    }

    @Test
    void aRunAlreadyInFlightIsDroppedNotStartedTwice() {
        groupSize = 3;
        QueuedRun flying = grouped("g2", "g");
        List<QueuedRun> ahead = List.of(flying, grouped("g1", "g"), flying, grouped("g3", "g"));
        DispatchPlan.Decision d = plan().decide(ahead, List.of(flying), 2);
        // the group of g1 stops at g2 (in flight); g3 starts a group of its own
        assertThat(ids(d)).containsExactly(List.of("g1"), List.of("g3"));
        assertThat(d.held()).isEmpty();
        assertThat(d.examined()).isEqualTo(4);
    }

    record Sample(
            List<QueuedRun> ahead,
            List<QueuedRun> inFlight,
            int free,
            int groupSize,
            Map<String, Integer> groupLimits,
            int poolLimit) {}

    /** Whatever the queue, the decision keeps every limit, starts each run once and loses none of those it looked at. */
    @Test
    void theDecisionKeepsTheLimitsAndAccountsForEveryRunItLooksAt() {
        Property.tries(500)
                .check(
                        d -> {
                            List<QueuedRun> runs = new ArrayList<>();
                            int n = d.between(0, 40);
                            for (int i = 0; i < n; i++) {
                                String group = d.orNull(0.3, () -> d.of("g", "h", "k"));
                                runs.add(d.bool() ? grouped("r" + i, group) : pooled("r" + i, group));
                            }
                            List<QueuedRun> inFlight = runs.stream()
                                    .filter(r -> d.between(0, 9) == 0)
                                    .toList();
                            List<QueuedRun> ahead = new ArrayList<>(runs);
                            if (!inFlight.isEmpty() && d.bool()) {
                                ahead.add(d.between(0, ahead.size()), inFlight.get(0)); // an in-flight run seen again
                            }
                            Map<String, Integer> limits = new HashMap<>();
                            for (String g : List.of("g", "h", "k")) {
                                if (d.bool()) {
                                    limits.put(g, d.between(1, 4));
                                }
                            }
                            return new Sample(
                                    ahead, inFlight, d.between(0, 6), d.between(1, 6), limits, d.between(1, 5));
                        },
                        s -> {
                            groupLimits.clear();
                            groupLimits.putAll(s.groupLimits());
                            poolLimits.clear();
                            poolLimits.put("p", s.poolLimit());
                            groupSize = s.groupSize();
                            DispatchPlan.Decision d = plan().decide(s.ahead(), s.inFlight(), s.free());

                            assertThat(d.start().size()).isLessThanOrEqualTo(s.free());
                            Set<String> flying = new HashSet<>(
                                    s.inFlight().stream().map(QueuedRun::id).toList());
                            List<QueuedRun> started =
                                    d.start().stream().flatMap(List::stream).toList();
                            assertThat(started)
                                    .extracting(QueuedRun::id)
                                    .doesNotHaveDuplicates()
                                    .noneMatch(flying::contains);
                            for (List<QueuedRun> group : d.start()) {
                                assertThat(group)
                                        .isNotEmpty()
                                        .hasSizeLessThanOrEqualTo(group.get(0).group() == null ? 1 : s.groupSize());
                                assertThat(group)
                                        .extracting(QueuedRun::group)
                                        .containsOnly(group.get(0).group());
                            }
                            List<QueuedRun> all = new ArrayList<>(s.inFlight());
                            all.addAll(started);
                            for (String g : s.groupLimits().keySet()) {
                                long before = s.inFlight().stream()
                                        .filter(r -> g.equals(r.group()))
                                        .count();
                                long after = all.stream()
                                        .filter(r -> g.equals(r.group()))
                                        .count();
                                assertThat(after)
                                        .as("runs of group " + g)
                                        .isLessThanOrEqualTo(
                                                Math.max(before, s.groupLimits().get(g)));
                            }
                            long pooledBefore = s.inFlight().stream()
                                    .filter(r -> r.assets().contains(B))
                                    .count();
                            assertThat(all.stream()
                                            .filter(r -> r.assets().contains(B))
                                            .count())
                                    .isLessThanOrEqualTo(Math.max(pooledBefore, s.poolLimit()));
                            // what it looked at is started, held or an in-flight run dropped; it is the head of the
                            // runs ahead
                            List<QueuedRun> looked = s.ahead().subList(0, d.examined());
                            List<QueuedRun> accounted = new ArrayList<>(started);
                            accounted.addAll(d.held());
                            assertThat(looked.stream()
                                            .filter(r -> !flying.contains(r.id()))
                                            .toList())
                                    .containsExactlyInAnyOrderElementsOf(accounted);
                            // it stops looking only when the workers are full or nothing is left
                            assertThat(d.examined() == s.ahead().size()
                                            || d.start().size() == s.free())
                                    .isTrue();
                        });
    }
}
