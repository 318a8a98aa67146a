package io.sluice.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.catalog.AssetKey;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The NOTIFY payloads: each kind round-trips, ended runs past 7,900 bytes become {@code e:*}, bad payloads are ignored. */
class ClusterSignalTest {

    private static final AssetKey ORDERS = AssetKey.parse("sales/orders");
    private static final AssetKey DAILY = AssetKey.parse("sales/eu/daily");

    @Test
    void eachKindHasItsPayload() {
        assertThat(new ClusterSignal.Queued("b-17").encode()).isEqualTo("q:b-17");
        assertThat(new ClusterSignal.Queued(null).encode()).isEqualTo("q:");
        assertThat(ClusterSignal.Ended.of(List.of(ORDERS, DAILY)).encode()).isEqualTo("e:sales/eu/daily,sales/orders");
        assertThat(ClusterSignal.Ended.of(List.of()).encode()).isEqualTo("e:*");
        assertThat(new ClusterSignal.Materialized(ORDERS).encode()).isEqualTo("m:sales/orders");
        assertThat(new ClusterSignal.LimitsChanged().encode()).isEqualTo("l");
        assertThat(new ClusterSignal.DrainAsked("node-a").encode()).isEqualTo("d:node-a");
    }

    @Test
    void eachKindRoundTrips() {
        for (ClusterSignal signal : List.of(
                new ClusterSignal.Queued("b-17"),
                new ClusterSignal.Queued(""),
                ClusterSignal.Ended.of(List.of(ORDERS, DAILY)),
                ClusterSignal.Ended.of(List.of()),
                new ClusterSignal.Materialized(DAILY),
                new ClusterSignal.LimitsChanged(),
                new ClusterSignal.DrainAsked("3f1c-node"))) {
            assertThat(ClusterSignal.decode(signal.encode()))
                    .as(signal.encode())
                    .contains(signal);
        }
    }

    @Test
    void endedRunsOfTooManyAssetsNameNone() {
        List<AssetKey> many = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            many.add(AssetKey.of("warehouse", "table_" + i));
        }
        String payload = ClusterSignal.Ended.of(many).encode();
        assertThat(payload).isEqualTo("e:*");
        assertThat(ClusterSignal.decode(payload))
                .get()
                .isInstanceOfSatisfying(
                        ClusterSignal.Ended.class, e -> assertThat(e.any()).isTrue());
    }

    @Test
    void malformedPayloadsAreIgnored() {
        for (String bad : new String[] {
            null, "", "x", "x:1", "q", "e:", "e:notakey", "e:a/b,,c/d", "m:", "m:nokey", "d:", "l:x", "qq:1", ":"
        }) {
            assertThat(ClusterSignal.decode(bad)).as(String.valueOf(bad)).isEqualTo(Optional.empty());
        }
    }

    /**
     * Random signals (seeded: the seed is printed, {@code -Dseed=N} replays one): every payload stays within 7,900 bytes
     * and reads back as the signal sent, or, for ended runs too many to name, as "any asset".
     */
    @Test
    void randomSignalsRoundTripWithinTheLimit() {
        long seed = Long.getLong("seed", new Random().nextLong());
        System.out.println("ClusterSignalTest seed: " + seed + " (replay with -Dseed=" + seed + ")");
        Random random = new Random(seed);
        for (int i = 0; i < 2_000; i++) {
            ClusterSignal signal = random(random);
            String payload = signal.encode();
            String name = "seed " + seed + ", case " + i + ": " + abbreviate(payload);
            assertThat(payload.getBytes(StandardCharsets.UTF_8).length)
                    .as(name)
                    .isLessThanOrEqualTo(ClusterSignal.MAX_BYTES);
            ClusterSignal read = ClusterSignal.decode(payload).orElseThrow(() -> new AssertionError(name));
            if (signal instanceof ClusterSignal.Ended ended && payload.equals("e:*")) {
                assertThat(read)
                        .as(name)
                        .isInstanceOfSatisfying(
                                ClusterSignal.Ended.class,
                                e -> assertThat(e.any()).isTrue());
                assertThat(ended.any() || ended.assets().size() > 100).as(name).isTrue();
            } else {
                assertThat(read).as(name).isEqualTo(signal);
            }
        }
    }

    private static ClusterSignal random(Random random) {
        return switch (random.nextInt(5)) {
            case 0 -> new ClusterSignal.Queued(random.nextBoolean() ? "" : "group-" + random.nextInt(1_000_000));
            case 1 -> {
                TreeSet<AssetKey> assets = new TreeSet<>();
                int count = random.nextInt(4) == 0 ? random.nextInt(2_000) : random.nextInt(5);
                for (int i = 0; i < count; i++) {
                    assets.add(key(random));
                }
                yield new ClusterSignal.Ended(assets);
            }
            case 2 -> new ClusterSignal.Materialized(key(random));
            case 3 -> new ClusterSignal.LimitsChanged();
            default -> new ClusterSignal.DrainAsked(Long.toHexString(random.nextLong()));
        };
    }

    private static AssetKey key(Random random) {
        int segments = 2 + random.nextInt(3);
        List<String> path = new ArrayList<>();
        String alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-";
        for (int s = 0; s < segments; s++) {
            StringBuilder segment = new StringBuilder().append(alphabet.charAt(random.nextInt(63)));
            int length = random.nextInt(12);
            for (int c = 0; c < length; c++) {
                segment.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            path.add(segment.toString());
        }
        return new AssetKey(path);
    }

    private static String abbreviate(String payload) {
        return payload.length() > 80 ? payload.substring(0, 80) + "..." : payload;
    }
}
