package io.sluice.partitions;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.testing.Draw;
import io.sluice.testing.Property;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Mappings on whole subsets against the same mapping done partition by partition, the slow way. */
class PartitionMappingPropertiesTest {

    private static final List<String> ZONES =
            List.of("Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "UTC");
    private static final List<String> CADENCES =
            List.of("0 * * * *", "0 */6 * * *", "0 0 * * *", "30 2 * * *", "0 0 * * 1");
    /** Around Berlin's and New York's spring and autumn changes of 2024. */
    private static final List<LocalDateTime> AROUND = List.of(
            LocalDateTime.of(2024, 3, 27, 0, 0),
            LocalDateTime.of(2024, 10, 23, 0, 0),
            LocalDateTime.of(2024, 3, 7, 0, 0),
            LocalDateTime.of(2024, 10, 31, 0, 0),
            LocalDateTime.of(2024, 4, 4, 0, 0));

    static TimeWindowSpace spaces(Draw d) {
        return spaceAround(d, d.of(AROUND));
    }

    /** Two spaces near the same changeover, so that a brute force over +-1,000 windows sees every overlap. */
    static TimeWindowSpace[] pairs(Draw d) {
        LocalDateTime around = d.of(AROUND);
        TimeWindowSpace down = spaceAround(d, around);
        return new TimeWindowSpace[] {down, spaceAround(d, around)};
    }

    private static TimeWindowSpace spaceAround(Draw d, LocalDateTime around) {
        String cron = d.of(CADENCES);
        String zone = d.of(ZONES);
        int hours = d.between(0, 48);
        int days = d.between(3, 12);
        return TimeWindowPartitions.cron(cron, around.plusHours(hours))
                .withZone(ZoneId.of(zone))
                .at(around.plusDays(days).atZone(ZoneId.of(zone)).toInstant());
    }

    /** A window of offsets: from -3..2, 0..3 wide. */
    static int[] offsets(Draw d) {
        int start = d.between(-3, 2);
        int width = d.between(0, 3);
        return new int[] {start, start + width};
    }

    record Overlaps(TimeWindowSpace[] pair, int[] offsets, long seed) {
        @Override
        public String toString() {
            return "Overlaps[down=" + pair[0] + ", up=" + pair[1] + ", offsets=" + Arrays.toString(offsets) + ", seed="
                    + seed + "]";
        }
    }

    private static PartitionSubset randomSubset(PartitionSpace space, long seed) {
        IndexRanges.Builder builder = IndexRanges.builder();
        Random random = new Random(seed);
        for (long i = 0; i < space.size(); i++) {
            if (random.nextInt(3) == 0) {
                builder.add(i);
            }
        }
        return space.subset(builder.build());
    }

    @Test
    void timeWindowMappingsMatchWindowByWindowOverlaps() {
        Property.tries(300)
                .check(
                        d -> new Overlaps(pairs(d), offsets(d), d.anyLong()),
                        c -> timeWindowMappingsMatchWindowByWindowOverlaps(c.pair(), c.offsets(), c.seed()));
    }

    private static void timeWindowMappingsMatchWindowByWindowOverlaps(
            TimeWindowSpace[] pair, int[] offsets, long seed) {
        TimeWindowSpace down = pair[0];
        TimeWindowSpace up = pair[1];
        TimeWindowMapping mapping = new TimeWindowMapping(offsets[0], offsets[1]);
        PartitionSubset downstream = randomSubset(down, seed);
        PartitionSubset upstream = randomSubset(up, seed + 1);

        IndexRanges.Builder reads = IndexRanges.builder();
        IndexRanges.Builder missing = IndexRanges.builder();
        for (long d : downstream.ranges().stream().toArray()) {
            Instant from = down.boundary(d + offsets[0]);
            Instant to = down.boundary(d + offsets[1] + 1);
            for (long u = 0; u < up.size(); u++) {
                if (overlaps(from, to, up.boundary(u), up.boundary(u + 1))) {
                    reads.add(u);
                }
            }
            if (from.isBefore(up.boundary(0)) || to.isAfter(up.boundary(up.size()))) {
                missing.add(d);
            }
        }
        MappedPartitions mapped = mapping.upstreamOf(downstream, up);
        assertThat(mapped.partitions().ranges()).isEqualTo(reads.build());
        assertThat(mapped.incomplete().ranges()).isEqualTo(missing.build());

        IndexRanges.Builder readBy = IndexRanges.builder();
        IndexRanges.Builder readByMissing = IndexRanges.builder();
        for (long u : upstream.ranges().stream().toArray()) {
            for (long d = -TimeWindowSpace.PAD + 3; d < down.size() + TimeWindowSpace.PAD - 4; d++) {
                if (overlaps(
                        down.boundary(d + offsets[0]),
                        down.boundary(d + offsets[1] + 1),
                        up.boundary(u),
                        up.boundary(u + 1))) {
                    if (d >= 0 && d < down.size()) {
                        readBy.add(d);
                    } else {
                        readByMissing.add(u);
                    }
                }
            }
        }
        MappedPartitions inverse = mapping.downstreamOf(upstream, down);
        assertThat(inverse.partitions().ranges()).isEqualTo(readBy.build());
        assertThat(inverse.incomplete().ranges()).isEqualTo(readByMissing.build());
    }

    private static boolean overlaps(Instant aStart, Instant aEnd, Instant bStart, Instant bEnd) {
        return aStart.isBefore(bEnd) && bStart.isBefore(aEnd);
    }

    record DaysAndHours(String zone, long seed, int around) {}

    @Test
    void dailyToHourlyAndBackIsTheIdentity() {
        Property.tries(200)
                .check(
                        d -> new DaysAndHours(d.of(ZONES), d.anyLong(), d.between(0, 4)),
                        c -> dailyToHourlyAndBackIsTheIdentity(c.zone(), c.seed(), c.around()));
    }

    private static void dailyToHourlyAndBackIsTheIdentity(String zone, long seed, int around) {
        ZoneId id = ZoneId.of(zone);
        LocalDateTime start = AROUND.get(around);
        Instant now = start.plusDays(30).atZone(id).toInstant();
        TimeWindowSpace days =
                TimeWindowPartitions.daily(start.toLocalDate()).withZone(id).at(now);
        TimeWindowSpace hours = TimeWindowPartitions.hourly(start).withZone(id).at(now);
        PartitionSubset someDays = randomSubset(days, seed);
        TimeWindowMapping overlapping = PartitionMapping.timeWindow(0, 0);

        MappedPartitions toHours = overlapping.upstreamOf(someDays, hours);
        assertThat(toHours.incomplete().isEmpty()).isTrue();
        long hoursInDays = someDays.ranges().stream()
                .map(d -> days.window(d).duration().toHours())
                .sum();
        assertThat(toHours.partitions().count()).isEqualTo(hoursInDays);
        assertThat(overlapping.downstreamOf(toHours.partitions(), days).partitions())
                .isEqualTo(someDays);

        PartitionSubset someHours = randomSubset(hours, seed);
        PartitionSubset theirDays = overlapping.downstreamOf(someHours, days).partitions();
        assertThat(overlapping
                        .upstreamOf(theirDays, hours)
                        .partitions()
                        .ranges()
                        .minus(someHours.ranges())
                        .count())
                .isEqualTo(theirDays.ranges().stream()
                                .map(d -> days.window(d).duration().toHours())
                                .sum()
                        - someHours.count()
                        + overlapping.downstreamOf(someHours, days).incomplete().count());
    }

    record Shift(TimeWindowSpace space, int[] offsets, long seed) {
        @Override
        public String toString() {
            return "Shift[space=" + space + ", offsets=" + Arrays.toString(offsets) + ", seed=" + seed + "]";
        }
    }

    @Test
    void identityAndOffsetsOnOneDefinitionShiftIndexes() {
        Property.tries(200)
                .check(
                        d -> new Shift(spaces(d), offsets(d), d.anyLong()),
                        c -> identityAndOffsetsOnOneDefinitionShiftIndexes(c.space(), c.offsets(), c.seed()));
    }

    private static void identityAndOffsetsOnOneDefinitionShiftIndexes(TimeWindowSpace space, int[] offsets, long seed) {
        PartitionSubset subset = randomSubset(space, seed);
        assertThat(PartitionMapping.identity().upstreamOf(subset, space).partitions())
                .isEqualTo(subset);
        MappedPartitions shifted = new TimeWindowMapping(offsets[0], offsets[1]).upstreamOf(subset, space);
        IndexRanges.Builder expected = IndexRanges.builder();
        for (long d : subset.ranges().stream().toArray()) {
            expected.add(
                    Math.max(0, Math.min(space.size(), d + offsets[0])),
                    Math.max(0, Math.min(space.size(), d + offsets[1] + 1)));
        }
        assertThat(shifted.partitions().ranges()).isEqualTo(expected.build());
        assertThat(shifted.incomplete().ranges().stream().toArray())
                .containsExactly(subset.ranges().stream()
                        .filter(d -> d + offsets[0] < 0 || d + offsets[1] >= space.size())
                        .toArray());
    }

    private static final Instant NOW = Instant.parse("2024-04-03T00:00:00Z");
    private static final TimeWindowPartitions DAYS = TimeWindowPartitions.daily(
                    LocalDateTime.of(2024, 3, 26, 0, 0).toLocalDate())
            .withZone(ZoneId.of("Europe/Berlin"));
    private static final StaticPartitions REGIONS = StaticPartitions.of("us", "eu", "apac");
    private static final StaticPartitions CHANNELS = StaticPartitions.of("web", "shop");

    static PartitionMapping regionMappings(Draw d) {
        return d.of(
                PartitionMapping.identity(),
                PartitionMapping.all(),
                PartitionMapping.last(),
                new StaticPartitionMapping(
                        Map.of("us", Set.of("eu", "apac"), "eu", Set.of("eu"), "mars", Set.of("us"))));
    }

    record Products(int[] offsets, PartitionMapping byRegion, boolean listRegion, long seed) {
        @Override
        public String toString() {
            return "Products[offsets=" + Arrays.toString(offsets) + ", byRegion=" + byRegion + ", listRegion="
                    + listRegion + ", seed=" + seed + "]";
        }
    }

    @Test
    void multiDimensionalMappingsMatchKeyByKeyProducts() {
        Property.tries(300)
                .check(
                        d -> new Products(offsets(d), regionMappings(d), d.bool(), d.anyLong()),
                        c -> multiDimensionalMappingsMatchKeyByKeyProducts(
                                c.offsets(), c.byRegion(), c.listRegion(), c.seed()));
    }

    private static void multiDimensionalMappingsMatchKeyByKeyProducts(
            int[] offsets, PartitionMapping byRegion, boolean listRegion, long seed) {
        MultiSpace down = MultiPartitions.of(
                        PartitionDimension.of("date", DAYS),
                        PartitionDimension.of("region", REGIONS),
                        PartitionDimension.of("channel", CHANNELS))
                .at(NOW);
        MultiSpace up = MultiPartitions.of(
                        PartitionDimension.of("region", REGIONS), PartitionDimension.of("date", DAYS))
                .at(NOW);
        TimeWindowMapping byDate = new TimeWindowMapping(offsets[0], offsets[1]);
        MultiPartitionMapping mapping = new MultiPartitionMapping(
                listRegion
                        ? Map.of(
                                "date",
                                DimensionMapping.from("date", byDate),
                                "region",
                                DimensionMapping.from("region", byRegion))
                        : Map.of("date", DimensionMapping.from("date", byDate)));
        PartitionMapping regionMapping = listRegion ? byRegion : null;
        PartitionSubset downstream = randomSubset(down, seed);

        IndexRanges.Builder reads = IndexRanges.builder();
        IndexRanges.Builder missing = IndexRanges.builder();
        for (long d : downstream.ranges().stream().toArray()) {
            PartitionSubset date = single(down.dimension(0), down.dimensionIndex(d, 0));
            PartitionSubset region = single(down.dimension(1), down.dimensionIndex(d, 1));
            MappedPartitions dates = byDate.upstreamOf(date, up.dimension(1));
            MappedPartitions regions = regionMapping == null
                    ? MappedPartitions.complete(up.dimension(0).all(), region.space())
                    : regionMapping.upstreamOf(region, up.dimension(0));
            for (long r : regions.partitions().ranges().stream().toArray()) {
                for (long t : dates.partitions().ranges().stream().toArray()) {
                    reads.add(up.index(r, t));
                }
            }
            if (!dates.incomplete().isEmpty() || !regions.incomplete().isEmpty()) {
                missing.add(d);
            }
        }
        MappedPartitions mapped = mapping.upstreamOf(downstream, up);
        assertThat(mapped.partitions().ranges()).isEqualTo(reads.build());
        assertThat(mapped.incomplete().ranges()).isEqualTo(missing.build());

        PartitionSubset upstream = randomSubset(up, seed + 7);
        IndexRanges.Builder readBy = IndexRanges.builder();
        for (long d = 0; d < down.size(); d++) {
            if (!mapping.upstreamOf(single(down, d), up)
                    .partitions()
                    .ranges()
                    .intersect(upstream.ranges())
                    .isEmpty()) {
                readBy.add(d);
            }
        }
        assertThat(mapping.downstreamOf(upstream, down).partitions().ranges()).isEqualTo(readBy.build());
    }

    @Test
    void identityOnReorderedDimensionsMapsKeyForKey() {
        Property.tries(200)
                .check(Draw::anyLong, PartitionMappingPropertiesTest::identityOnReorderedDimensionsMapsKeyForKey);
    }

    private static void identityOnReorderedDimensionsMapsKeyForKey(long seed) {
        MultiSpace abc = MultiPartitions.of(
                        PartitionDimension.of("date", DAYS),
                        PartitionDimension.of("region", REGIONS),
                        PartitionDimension.of("channel", CHANNELS))
                .at(NOW);
        MultiSpace cab = MultiPartitions.of(
                        PartitionDimension.of("channel", CHANNELS),
                        PartitionDimension.of("date", DAYS),
                        PartitionDimension.of("region", REGIONS))
                .at(NOW);
        PartitionSubset subset = randomSubset(abc, seed);
        Set<String> expected = new TreeSet<>();
        for (String key : subset.keys()) {
            List<String> parts = MultiPartitions.split(key, 3);
            expected.add(parts.get(2) + "|" + parts.get(0) + "|" + parts.get(1));
        }
        PartitionSubset mapped =
                PartitionMapping.identity().upstreamOf(subset, cab).partitions();
        assertThat(new TreeSet<>(mapped.keys())).isEqualTo(expected);
        assertThat(PartitionMapping.identity().downstreamOf(mapped, abc).partitions())
                .isEqualTo(subset);
    }

    private static PartitionSubset single(PartitionSpace space, long index) {
        return space.subset(IndexRanges.of(index, index + 1));
    }
}
