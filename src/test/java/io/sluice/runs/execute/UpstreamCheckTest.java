package io.sluice.runs.execute;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.catalog.AssetKey;
import io.sluice.catalog.AssetSpec;
import io.sluice.partitions.StaticPartitions;
import io.sluice.partitions.TimeWindowPartitions;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Which upstream partitions a step reads, and the sentence when some of them were never materialized. */
class UpstreamCheckTest {

    private static final Instant NOW = Instant.parse("2024-03-01T00:00:00Z");
    private static final AssetSpec<?> DAILY_UP = AssetSpec.builder("up/daily")
            .partitions(TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1)))
            .build();
    private static final AssetSpec<?> HOURLY_UP = AssetSpec.builder("up/hourly")
            .partitions(TimeWindowPartitions.hourly(LocalDateTime.of(2024, 1, 1, 0, 0)))
            .build();
    private static final AssetSpec<?> PLAIN_UP = AssetSpec.builder("up/plain").build();
    private static final AssetSpec<?> REGIONS_UP = AssetSpec.builder("up/regions")
            .partitions(new StaticPartitions(List.of("eu", "us")))
            .build();
    private static final AssetSpec<?> DAILY = AssetSpec.builder("down/daily")
            .deps("up/daily")
            .partitions(TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1)))
            .build();
    private static final AssetSpec<?> ROLLUP = AssetSpec.builder("down/rollup")
            .deps("up/hourly")
            .partitions(TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1)))
            .build();
    private static final AssetSpec<?> SUMMARY =
            AssetSpec.builder("down/summary").deps("up/daily", "up/plain").build();
    private static final AssetSpec<?> BY_DAY_OF_REGIONS = AssetSpec.builder("down/by_day")
            .deps("up/regions")
            .partitions(TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1)))
            .build();

    /** What the store knows, as a test sets it. */
    private static final class Known implements UpstreamCheck.Records {
        final Map<AssetKey, Set<String>> partitions = new HashMap<>();
        final Set<AssetKey> written = new HashSet<>();
        int asked;

        Known materialized(AssetSpec<?> spec, String... keys) {
            partitions.computeIfAbsent(spec.key(), k -> new HashSet<>()).addAll(List.of(keys));
            return this;
        }

        @Override
        public Set<String> materializedAmong(AssetKey asset, Collection<String> keys) {
            asked += keys.size();
            return keys.stream()
                    .filter(partitions.getOrDefault(asset, Set.of())::contains)
                    .collect(Collectors.toSet());
        }

        @Override
        public boolean anyPartitionMaterialized(AssetKey asset) {
            return !partitions.getOrDefault(asset, Set.of()).isEmpty();
        }

        @Override
        public boolean written(AssetKey asset) {
            return written.contains(asset);
        }
    }

    private static Optional<String> check(AssetSpec<?> spec, List<String> partitions, Known known) {
        Map<AssetKey, AssetSpec<?>> specs =
                Stream.of(DAILY_UP, HOURLY_UP, PLAIN_UP, REGIONS_UP).collect(Collectors.toMap(AssetSpec::key, s -> s));
        return UpstreamCheck.missing(spec, partitions, spec.deps(), k -> Optional.ofNullable(specs.get(k)), known, NOW);
    }

    @Test
    void aPartitionReadsTheSameDayUpstreamAndNamesTheDaysThatAreMissingAsRanges() {
        Known known = new Known().materialized(DAILY_UP, "2024-01-02", "2024-01-05");
        List<String> days = List.of("2024-01-01", "2024-01-02", "2024-01-03", "2024-01-04", "2024-01-05", "2024-01-06");
        assertThat(check(DAILY, days, known))
                .hasValue("upstream asset up/daily has not materialized 4 of the 6 partitions this step reads: "
                        + "2024-01-01, 2024-01-03...2024-01-04, 2024-01-06. Nothing was computed: materialize up/daily first (add it to this run's "
                        + "assets, or launch it for what is missing), then launch this run again");
        known.materialized(DAILY_UP, "2024-01-01", "2024-01-03", "2024-01-04", "2024-01-06");
        assertThat(check(DAILY, days, known)).isEmpty();
    }

    @Test
    void aDayReadsItsTwentyFourHours() {
        Known known = new Known();
        for (int h = 0; h < 24; h++) {
            if (h != 7) {
                known.materialized(HOURLY_UP, String.format("2024-01-10-%02d:00", h));
            }
        }
        assertThat(check(ROLLUP, List.of("2024-01-10"), known))
                .get()
                .asString()
                .startsWith(
                        "upstream asset up/hourly has not materialized 1 of the 24 partitions this step reads: 2024-01-10-07:00.");
        known.materialized(HOURLY_UP, "2024-01-10-07:00");
        assertThat(check(ROLLUP, List.of("2024-01-10"), known)).isEmpty();
        assertThat(known.asked).as("only the day's hours are asked for").isEqualTo(48);
    }

    @Test
    void anUnpartitionedUpstreamNeedsAMaterializationAndAPartitionedOneReadWholeNeedsOnePartition() {
        Known known = new Known();
        assertThat(check(SUMMARY, List.of(), known))
                .hasValue("upstream asset up/daily has no materialized partition yet; upstream asset "
                        + "up/plain has never been materialized. Nothing was computed: materialize up/daily and up/plain first (add them to this "
                        + "run's assets, or launch them for what is missing), then launch this run again");
        known.written.add(PLAIN_UP.key());
        known.materialized(DAILY_UP, "2024-02-29");
        assertThat(check(SUMMARY, List.of(), known))
                .as("one day of all history is enough to read")
                .isEmpty();
        assertThat(check(BY_DAY_OF_REGIONS, List.of("2024-01-01"), known))
                .get()
                .asString()
                .startsWith("upstream asset up/regions has no materialized partition yet.");
    }

    @Test
    void manyMissingRangesAreCountedNotAllListed() {
        List<String> days = new ArrayList<>();
        Known known = new Known();
        for (int d = 1; d <= 20; d++) {
            String day = String.format("2024-01-%02d", d);
            days.add(day);
            if (d % 2 == 0) {
                known.materialized(DAILY_UP, day);
            }
        }
        assertThat(check(DAILY, days, known))
                .get()
                .asString()
                .contains("has not materialized 10 of the 20 partitions this step reads: "
                        + "2024-01-01, 2024-01-03, 2024-01-05, 2024-01-07, 2024-01-09 and 5 more ranges.");
    }

    @Test
    void anAssetWithoutUpstreamOrWithoutPartitionsToComputeChecksNothing() {
        assertThat(check(DAILY_UP, List.of("2024-01-01"), new Known())).isEmpty();
        assertThat(check(DAILY, List.of(), new Known())).isEmpty();
    }
}
