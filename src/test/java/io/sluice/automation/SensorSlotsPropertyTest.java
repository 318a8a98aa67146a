package io.sluice.automation;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Two nodes fire one sensor (each its own trigger, as when one node replaced the trigger while the other had acquired a
 * fire), each fire up to just under half an interval off its slot's middle; the fires take the state row lock one after
 * the other and apply the fence. Seeded: the seed is printed, {@code -Dseed=} replays it.
 */
class SensorSlotsPropertyTest {

    private static final long SEED = Long.getLong("seed", new Random().nextLong());
    private static final int CASES = 300;

    record Fire(long at, int node, long tieBreak) {}

    @Test
    void firesFromTwoNodesWithJitterUnderHalfAnIntervalEvaluateExactlyOncePerSlot() {
        System.out.println("SensorSlotsPropertyTest seed " + SEED + " (replay with -Dseed=" + SEED + ")");
        Random random = new Random(SEED);
        for (int c = 0; c < CASES; c++) {
            long caseSeed = random.nextLong();
            check(caseSeed, false);
        }
    }

    @Test
    void firesHeldUpOnTheLockNeverEvaluateTwiceInOneSlot() {
        System.out.println("SensorSlotsPropertyTest seed " + SEED + " (replay with -Dseed=" + SEED + ")");
        Random random = new Random(SEED ^ 0x5EED);
        for (int c = 0; c < CASES; c++) {
            check(random.nextLong(), true);
        }
    }

    @Test
    void aTriggerScheduledByAnyNodeAtAnyTimeFiresAtTheSameSlotMiddles() {
        Random random = new Random(SEED ^ 0xFA5E);
        for (int c = 0; c < CASES; c++) {
            Instant started =
                    Instant.ofEpochSecond(1_700_000_000L + random.nextInt(100_000_000), random.nextInt(1_000_000_000));
            Duration interval = Duration.ofMillis(1_000 + (long) random.nextInt(86_399_001));
            Instant now = started.plusMillis((long) (random.nextDouble() * 50 * interval.toMillis()));
            Instant first = SensorSlots.startAt(started, interval, now);
            String label =
                    "seed " + SEED + " case " + c + ": started " + started + ", interval " + interval + ", now " + now;
            assertThat(first).as(label).isAfter(now);
            assertThat(SensorSlots.inPhase(started, interval, first)).as(label).isTrue();
            assertThat(SensorSlots.slot(started, interval, first)).as(label).isEqualTo(first);
            assertThat(Duration.between(now, first)).as(label).isLessThanOrEqualTo(interval);
            for (int k = 1; k < 5; k++) {
                Instant later = first.plusMillis(k * interval.toMillis());
                assertThat(SensorSlots.inPhase(started, interval, later))
                        .as(label)
                        .isTrue();
            }
        }
    }

    /**
     * One history of fires: {@code heldUp} adds a random time each evaluation holds the lock, so a fire may take it in a
     * later slot than it fired in (it is then fenced by the instant it holds it).
     */
    private static void check(long seed, boolean heldUp) {
        Random random = new Random(seed);
        Instant started =
                Instant.ofEpochSecond(1_700_000_000L + random.nextInt(100_000_000), random.nextInt(1_000_000_000));
        long interval = 1_000 + (long) random.nextInt(random.nextBoolean() ? 60_000 : 86_399_001);
        long half = interval / 2;
        int slots = 20 + random.nextInt(80);
        long base = started.toEpochMilli();
        List<Fire> fires = new ArrayList<>();
        for (int k = 1; k <= slots; k++) {
            for (int node = 0; node < 2; node++) {
                if (random.nextInt(10) == 0) {
                    continue; // this node missed the fire (down, busy)
                }
                long jitter = half == 0 ? 0 : (long) (random.nextDouble() * 2 * half) - half; // strictly under half
                if (interval % 2 == 0 && jitter == -half) {
                    jitter++;
                }
                fires.add(new Fire(base + k * interval + jitter, node, random.nextLong()));
            }
        }
        fires.sort(Comparator.comparingLong(Fire::at).thenComparingLong(Fire::tieBreak));
        Optional<Instant> lastSlot = Optional.empty();
        Map<Instant, Integer> evaluations = new HashMap<>();
        TreeSet<Instant> firedIn = new TreeSet<>();
        long lockFree = Long.MIN_VALUE;
        for (Fire fire : fires) {
            long holds = heldUp ? Math.max(fire.at(), lockFree) : fire.at();
            Instant slot = SensorSlots.slot(started, Duration.ofMillis(interval), Instant.ofEpochMilli(holds));
            firedIn.add(slot);
            if (SensorSlots.due(lastSlot, slot)) {
                evaluations.merge(slot, 1, Integer::sum);
                lastSlot = Optional.of(slot);
                lockFree = holds + (heldUp ? (long) (random.nextDouble() * interval) : 0);
            } else {
                lockFree = holds;
            }
        }
        String label =
                "seed " + seed + " (run seed " + SEED + "): started " + started + ", interval " + interval + " ms";
        assertThat(evaluations.values()).as(label).allMatch(n -> n == 1);
        if (!heldUp) {
            assertThat(evaluations.keySet())
                    .as(label + ": every slot that had a fire")
                    .isEqualTo(firedIn);
            for (Fire fire : fires) {
                long k = Math.round((fire.at() - base) / (double) interval);
                assertThat(SensorSlots.slot(started, Duration.ofMillis(interval), Instant.ofEpochMilli(fire.at())))
                        .as(label + ": a fire stays in its own slot")
                        .isEqualTo(Instant.ofEpochMilli(base + k * interval));
            }
        }
    }
}
