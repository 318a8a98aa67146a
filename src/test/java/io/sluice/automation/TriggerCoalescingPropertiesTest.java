package io.sluice.automation;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.catalog.AssetKey;
import io.sluice.catalog.AssetSpec;
import io.sluice.partitions.TimeWindowPartitions;
import io.sluice.testing.Property;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** However a stream of upstream materializations is cut into batches, each complete day is launched exactly once. */
class TriggerCoalescingPropertiesTest {

    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
    private static final AssetKey HOURLY = AssetKey.of("hub", "hourly");
    private static final AssetKey DAILY = AssetKey.of("hub", "daily");
    private static final TimeWindowPartitions HOURS =
            TimeWindowPartitions.hourly(LocalDateTime.of(2024, 1, 1, 0, 0)).withZone(BERLIN);
    private static final TimeWindowPartitions DAYS =
            TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1)).withZone(BERLIN);
    private static final TriggerGraph GRAPH = TriggerGraph.of(List.of(
                    AssetSpec.builder(HOURLY.toString()).partitions(HOURS).build(),
                    AssetSpec.builder(DAILY.toString())
                            .partitions(DAYS)
                            .deps(HOURLY.toString())
                            .build()))
            .withPolicy(DAILY, TriggerPolicy.eager());
    /** After the five days from the autumn changeover (2024-10-25 to 2024-10-29, one of them 25 hours). */
    private static final Instant NOW =
            LocalDate.of(2024, 10, 30).atStartOfDay(BERLIN).plusHours(1).toInstant();

    private record Case(List<String> arrivals, List<Integer> cuts) {}

    @Test
    void batchesDoNotChangeWhatIsLaunched() {
        List<String> hours = HOURS.at(NOW)
                .overlapping(
                        LocalDate.of(2024, 10, 25).atStartOfDay(BERLIN).toInstant(),
                        LocalDate.of(2024, 10, 30).atStartOfDay(BERLIN).toInstant())
                .keys();
        Property.tries(100)
                .check(
                        d -> {
                            List<String> arrivals = new ArrayList<>();
                            for (String hour : hours) {
                                if (d.between(0, 59) > 0) { // most days complete, some not
                                    arrivals.add(hour);
                                }
                            }
                            arrivals.addAll(d.listOf(0, 20, () -> d.of(hours))); // some hours land twice
                            Collections.shuffle(arrivals, d.random());
                            List<Integer> cuts = new ArrayList<>(
                                    new TreeSet<>(d.listOf(0, 12, () -> d.between(0, arrivals.size()))));
                            return new Case(arrivals, cuts);
                        },
                        c -> {
                            Set<String> complete = new TreeSet<>();
                            for (LocalDate day = LocalDate.of(2024, 10, 25);
                                    day.isBefore(LocalDate.of(2024, 10, 30));
                                    day = day.plusDays(1)) {
                                Instant start = day.atStartOfDay(BERLIN).toInstant();
                                Instant end =
                                        day.plusDays(1).atStartOfDay(BERLIN).toInstant();
                                if (c.arrivals()
                                        .containsAll(HOURS.at(NOW)
                                                .overlapping(start, end)
                                                .keys())) {
                                    complete.add(day.toString());
                                }
                            }
                            assertThat(launchedInBatches(c.arrivals(), List.of()))
                                    .isEqualTo(complete);
                            assertThat(launchedInBatches(c.arrivals(), c.cuts()))
                                    .isEqualTo(complete);
                        });
    }

    /** Evaluates after each cut (and at the end); what was launched counts as queued for the evaluations after it. */
    private static Set<String> launchedInBatches(List<String> arrivals, List<Integer> cuts) {
        FakeState state = new FakeState();
        TriggerCursor cursor = TriggerCursor.START;
        Set<AssetPartition> active = new HashSet<>();
        List<String> launched = new ArrayList<>();
        List<Integer> ends = new ArrayList<>(cuts);
        ends.add(arrivals.size());
        int from = 0;
        for (int end : ends) {
            for (String hour : arrivals.subList(from, end)) {
                state.materialize(HOURLY, hour, NOW);
            }
            from = end;
            TriggerPlan plan = TriggerEvaluator.evaluate(
                    GRAPH, cursor, new TriggerInput(state.since(cursor.eventSequence()), state, Set.of(), active, NOW));
            plan.launched().forEach(p -> launched.add(p.partition().orElseThrow()));
            active.addAll(plan.launched());
            cursor = plan.cursor();
        }
        assertThat(launched).doesNotHaveDuplicates();
        return new TreeSet<>(launched);
    }
}
