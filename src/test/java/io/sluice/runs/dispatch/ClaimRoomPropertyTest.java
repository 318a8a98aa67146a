package io.sluice.runs.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.runs.RunLimits;
import io.sluice.runs.Scope;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link ClaimRoom} over random queues and rooms (seeded: the seed is printed, {@code -Dseed=N} replays one): no scope
 * goes over its limit, the queue order is kept, and a candidate is left out only when one of its scopes is full.
 */
class ClaimRoomPropertyTest {

    private static final int CASES = 2_000;

    @Test
    void admitsWithinTheRoomInQueueOrderAndLeavesOutOnlyForAFullScope() {
        long seed = Long.getLong("seed", new Random().nextLong());
        System.out.println("ClaimRoomPropertyTest seed: " + seed + " (replay with -Dseed=" + seed + ")");
        Random random = new Random(seed);
        for (int i = 0; i < CASES; i++) {
            long caseSeed = random.nextLong();
            check(caseSeed, "seed " + seed + ", case " + i + " (case seed " + caseSeed + ")");
        }
    }

    private static void check(long caseSeed, String name) {
        Random random = new Random(caseSeed);
        List<RunLimits.Key> keys = new ArrayList<>();
        int groups = 1 + random.nextInt(3);
        int pools = 1 + random.nextInt(4);
        for (int g = 0; g < groups; g++) {
            keys.add(new RunLimits.Key(Scope.GROUP, "g" + g));
        }
        for (int p = 0; p < pools; p++) {
            keys.add(new RunLimits.Key(Scope.POOL, "p" + p));
        }
        Map<RunLimits.Key, Integer> limits = new HashMap<>();
        Map<RunLimits.Key, Integer> running = new HashMap<>();
        for (RunLimits.Key key : keys) {
            if (random.nextInt(4) > 0) {
                limits.put(key, 1 + random.nextInt(5));
            }
            if (random.nextBoolean()) {
                running.put(key, random.nextInt(6));
            }
        }
        List<ClaimRoom.Candidate> queue = new ArrayList<>();
        int size = random.nextInt(20);
        for (int c = 0; c < size; c++) {
            Set<RunLimits.Key> scopes = new HashSet<>();
            if (random.nextInt(3) > 0) {
                scopes.add(keys.get(random.nextInt(groups)));
            }
            for (int p = 0; p < pools; p++) {
                if (random.nextInt(3) == 0) {
                    scopes.add(keys.get(groups + p));
                }
            }
            queue.add(new ClaimRoom.Candidate("r" + c, scopes));
        }

        List<ClaimRoom.Candidate> admitted = ClaimRoom.of(limits, running).admit(queue);

        List<Integer> places = admitted.stream().map(queue::indexOf).toList();
        assertThat(places)
                .as(name + ": queue order kept")
                .doesNotContain(-1)
                .isSorted()
                .doesNotHaveDuplicates();
        Map<RunLimits.Key, Integer> counted = new HashMap<>(running);
        admitted.forEach(a -> a.scopes().forEach(s -> counted.merge(s, 1, Integer::sum)));
        limits.forEach((key, max) -> {
            int before = running.getOrDefault(key, 0);
            assertThat(counted.getOrDefault(key, 0))
                    .as(name + ": " + key + " within its limit (or no more than it had)")
                    .isLessThanOrEqualTo(Math.max(max, before));
        });
        // replay in order: each candidate left out had a full scope at its turn, each admitted one had room
        Map<RunLimits.Key, Integer> now = new HashMap<>(running);
        Set<ClaimRoom.Candidate> in = new HashSet<>(admitted);
        for (ClaimRoom.Candidate c : queue) {
            boolean full =
                    c.scopes().stream().anyMatch(s -> limits.containsKey(s) && now.getOrDefault(s, 0) >= limits.get(s));
            assertThat(in.contains(c))
                    .as(name + ": " + c + " admitted exactly when none of its scopes is full")
                    .isEqualTo(!full);
            if (in.contains(c)) {
                c.scopes().forEach(s -> now.merge(s, 1, Integer::sum));
            }
        }
    }
}
