package io.sluice.partitions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PartitionMappingTest {

    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
    private static final Instant NOW = Instant.parse("2024-12-01T00:00:00Z");
    private static final TimeWindowSpace DAYS = TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1))
            .withZone(BERLIN)
            .at(NOW);
    private static final TimeWindowSpace HOURS = TimeWindowPartitions.hourly(LocalDateTime.of(2024, 1, 1, 0, 0))
            .withZone(BERLIN)
            .at(NOW);
    private static final PartitionSpace REGIONS =
            StaticPartitions.of("us", "eu", "apac").at(NOW);

    private static PartitionSubset day(String key) {
        return DAYS.subset(List.of(key));
    }

    @Test
    void aDailyAssetReadsThe24_23Or25HoursOfItsDay() {
        TimeWindowMapping overlapping = PartitionMapping.timeWindow(0, 0);
        assertThat(overlapping.upstreamOf(day("2024-03-30"), HOURS).partitions().count())
                .isEqualTo(24);
        assertThat(overlapping.upstreamOf(day("2024-03-31"), HOURS).partitions().count())
                .isEqualTo(23);
        MappedPartitions fall = overlapping.upstreamOf(day("2024-10-27"), HOURS);
        assertThat(fall.partitions().count()).isEqualTo(25);
        assertThat(fall.partitions().keyRanges())
                .containsExactly(new PartitionKeyRange("2024-10-27-00:00", "2024-10-27-23:00"));
        assertThat(fall.incomplete().isEmpty()).isTrue();
        assertThat(overlapping
                        .downstreamOf(HOURS.subset(List.of("2024-10-27-02:00+01:00")), DAYS)
                        .partitions()
                        .keys())
                .containsExactly("2024-10-27");
    }

    @Test
    void offsetsMoveTheWindowByDownstreamWindows() {
        assertThat(PartitionMapping.timeWindow(-1, 0)
                        .upstreamOf(day("2024-07-04"), DAYS)
                        .partitions()
                        .keys())
                .containsExactly("2024-07-03", "2024-07-04");
        assertThat(PartitionMapping.timeWindow(0, 1)
                        .upstreamOf(day("2024-07-04"), DAYS)
                        .partitions()
                        .keys())
                .containsExactly("2024-07-04", "2024-07-05");
        assertThat(PartitionMapping.timeWindow(-1, -1)
                        .upstreamOf(day("2024-03-31"), HOURS)
                        .partitions()
                        .keyRanges())
                .containsExactly(new PartitionKeyRange("2024-03-30-00:00", "2024-03-30-23:00"));
        assertThat(PartitionMapping.timeWindow(-1, 0)
                        .downstreamOf(day("2024-07-03"), DAYS)
                        .partitions()
                        .keys())
                .containsExactly("2024-07-03", "2024-07-04");
        assertThatThrownBy(() -> PartitionMapping.timeWindow(1, 0)).hasMessageContaining("after end offset");
    }

    @Test
    void requiredPartitionsThatDoNotExistMakeTheSourceIncomplete() {
        MappedPartitions first = PartitionMapping.timeWindow(-1, 0).upstreamOf(day("2024-01-01"), DAYS);
        assertThat(first.partitions().keys()).containsExactly("2024-01-01");
        assertThat(first.incomplete().keys()).containsExactly("2024-01-01");
        TimeWindowSpace lateHours = TimeWindowPartitions.hourly(LocalDateTime.of(2024, 1, 1, 6, 0))
                .withZone(BERLIN)
                .at(NOW);
        MappedPartitions partial = PartitionMapping.timeWindow(0, 0).upstreamOf(DAYS.all(), lateHours);
        assertThat(partial.incomplete().keys()).containsExactly("2024-01-01");
        assertThat(partial.partitions().count())
                .as("all but the hour of December 1st")
                .isEqualTo(lateHours.size() - 1);
        TimeWindowSpace hoursSoFar = TimeWindowPartitions.hourly(LocalDateTime.of(2024, 1, 1, 0, 0))
                .withZone(BERLIN)
                .at(Instant.parse("2024-01-03T12:00:00Z"));
        assertThat(PartitionMapping.timeWindow(0, 0)
                        .upstreamOf(DAYS.subset(List.of("2024-01-02", "2024-01-03")), hoursSoFar)
                        .incomplete()
                        .keys())
                .containsExactly("2024-01-03");
        MappedPartitions downstream = PartitionMapping.timeWindow(0, 0)
                .downstreamOf(
                        hoursSoFar.all(),
                        TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1))
                                .withZone(BERLIN)
                                .at(Instant.parse("2024-01-03T12:00:00Z")));
        assertThat(downstream.partitions().keys()).containsExactly("2024-01-01", "2024-01-02");
        assertThat(downstream.incomplete().keys()).first().isEqualTo("2024-01-03-00:00");
    }

    @Test
    void timeWindowMappingNeedsTimeWindowsOnBothSides() {
        assertThatThrownBy(() -> PartitionMapping.timeWindow(0, 0).upstreamOf(day("2024-01-01"), REGIONS))
                .hasMessageContaining("needs time-window partitions upstream");
    }

    @Test
    void identityMapsEqualKeys() {
        PartitionSpace more = StaticPartitions.of("eu", "us", "latam").at(NOW);
        MappedPartitions mapped = PartitionMapping.identity().upstreamOf(REGIONS.all(), more);
        assertThat(mapped.partitions().keys()).containsExactly("eu", "us");
        assertThat(mapped.incomplete().keys()).containsExactly("apac");
        assertThat(PartitionMapping.identity()
                        .upstreamOf(DAYS.subset(List.of("2024-02-01")), DAYS)
                        .partitions()
                        .keys())
                .containsExactly("2024-02-01");
        TimeWindowSpace laterDays = TimeWindowPartitions.daily(LocalDate.of(2024, 2, 1))
                .withZone(BERLIN)
                .at(NOW);
        MappedPartitions shifted = PartitionMapping.identity().downstreamOf(DAYS.all(), laterDays);
        assertThat(shifted.partitions().count()).isEqualTo(laterDays.size());
        assertThat(shifted.incomplete().count()).isEqualTo(31);
    }

    @Test
    void allAndLast() {
        assertThat(PartitionMapping.all()
                        .upstreamOf(day("2024-05-05"), REGIONS)
                        .partitions()
                        .count())
                .isEqualTo(3);
        assertThat(PartitionMapping.all()
                        .upstreamOf(DAYS.empty(), REGIONS)
                        .partitions()
                        .isEmpty())
                .isTrue();
        assertThat(PartitionMapping.all()
                        .downstreamOf(REGIONS.subset(List.of("eu")), DAYS)
                        .partitions()
                        .count())
                .isEqualTo(DAYS.size());
        assertThat(PartitionMapping.last()
                        .upstreamOf(REGIONS.all(), DAYS)
                        .partitions()
                        .keys())
                .containsExactly("2024-11-30");
        assertThat(PartitionMapping.last()
                        .downstreamOf(day("2024-11-30"), REGIONS)
                        .partitions()
                        .count())
                .isEqualTo(3);
        assertThat(PartitionMapping.last()
                        .downstreamOf(day("2024-11-29"), REGIONS)
                        .partitions()
                        .isEmpty())
                .isTrue();
        PartitionSpace none =
                TimeWindowPartitions.daily(LocalDate.of(2030, 1, 1)).at(NOW);
        assertThat(PartitionMapping.last()
                        .upstreamOf(REGIONS.all(), none)
                        .incomplete()
                        .count())
                .isEqualTo(3);
    }

    @Test
    void staticMappingFollowsItsTable() {
        StaticPartitionMapping table = new StaticPartitionMapping(Map.of(
                "us", Set.of("americas"), "latam", Set.of("americas"), "eu", Set.of("emea"), "moon", Set.of("emea")));
        PartitionSpace countries = StaticPartitions.of("us", "latam", "eu").at(NOW);
        PartitionSpace continents =
                StaticPartitions.of("americas", "emea", "apac").at(NOW);
        MappedPartitions up = table.upstreamOf(continents.subset(List.of("americas", "emea")), countries);
        assertThat(up.partitions().keys()).containsExactly("us", "latam", "eu");
        assertThat(up.incomplete().keys()).containsExactly("emea");
        assertThat(table.downstreamOf(countries.subset(List.of("latam")), continents)
                        .partitions()
                        .keys())
                .containsExactly("americas");
        assertThat(table.upstreamOf(continents.subset(List.of("apac")), countries)
                        .partitions()
                        .isEmpty())
                .isTrue();
    }

    @Test
    void multiDimensionalPartitionsMapDimensionByDimension() {
        MultiPartitions salesDefinition = MultiPartitions.of(
                PartitionDimension.of("date", DAYS.definition()),
                PartitionDimension.of("region", REGIONS.definition()));
        MultiSpace sales = salesDefinition.at(NOW);
        MultiPartitionMapping yesterdayAndToday = new MultiPartitionMapping(Map.of(
                "date", DimensionMapping.from("date", PartitionMapping.timeWindow(-1, 0)),
                "region", DimensionMapping.from("region", PartitionMapping.identity())));
        MappedPartitions up = yesterdayAndToday.upstreamOf(sales.subset(List.of("2024-07-04|eu")), sales);
        assertThat(up.partitions().keys()).containsExactly("2024-07-03|eu", "2024-07-04|eu");
        assertThat(yesterdayAndToday
                        .downstreamOf(sales.subset(List.of("2024-07-03|eu")), sales)
                        .partitions()
                        .keys())
                .containsExactly("2024-07-03|eu", "2024-07-04|eu");
        assertThat(yesterdayAndToday
                        .upstreamOf(sales.subset(List.of("2024-01-01|us")), sales)
                        .incomplete()
                        .keys())
                .containsExactly("2024-01-01|us");

        FromDimensionMapping pricesByDate = new FromDimensionMapping("date", PartitionMapping.timeWindow(0, 0));
        assertThat(pricesByDate
                        .upstreamOf(sales.subset(List.of("2024-03-31|eu", "2024-03-31|us")), HOURS)
                        .partitions()
                        .count())
                .isEqualTo(23);
        assertThat(pricesByDate
                        .downstreamOf(HOURS.subset(List.of("2024-03-31-05:00")), sales)
                        .partitions()
                        .keys())
                .containsExactly("2024-03-31|us", "2024-03-31|eu", "2024-03-31|apac");

        MultiPartitionMapping regionOnly =
                new MultiPartitionMapping(Map.of("region", DimensionMapping.fromWholeKey(PartitionMapping.identity())));
        MappedPartitions everyDayOfEu = regionOnly.upstreamOf(REGIONS.subset(List.of("eu")), sales);
        assertThat(everyDayOfEu.partitions().count()).isEqualTo(DAYS.size());
        assertThat(everyDayOfEu.partitions().keys()).first().isEqualTo("2024-01-01|eu");
        assertThat(everyDayOfEu.partitions().ranges().rangeCount()).isEqualTo((int) DAYS.size());
    }

    @Test
    void identityOnMultiDimensionalPartitionsMatchesDimensionsByName() {
        MultiSpace dateRegion = MultiPartitions.of(
                        PartitionDimension.of("date", DAYS.definition()),
                        PartitionDimension.of("region", REGIONS.definition()))
                .at(NOW);
        MultiSpace regionDate = MultiPartitions.of(
                        PartitionDimension.of("region", REGIONS.definition()),
                        PartitionDimension.of("date", DAYS.definition()))
                .at(NOW);
        assertThat(PartitionMapping.identity()
                        .upstreamOf(dateRegion.subset(List.of("2024-07-04|eu")), regionDate)
                        .partitions()
                        .keys())
                .containsExactly("eu|2024-07-04");
    }

    @Test
    void defaultMappingsAreThoseOfDagster() {
        MultiPartitions sales = MultiPartitions.of(
                PartitionDimension.of("date", DAYS.definition()),
                PartitionDimension.of("region", REGIONS.definition()));
        assertThat(PartitionMapping.defaultFor(DAYS.definition(), DAYS.definition()))
                .isEqualTo(PartitionMapping.identity());
        assertThat(PartitionMapping.defaultFor(HOURS.definition(), DAYS.definition()))
                .isEqualTo(PartitionMapping.timeWindow(0, 0));
        assertThat(PartitionMapping.defaultFor(REGIONS.definition(), DAYS.definition()))
                .isEqualTo(PartitionMapping.all());
        assertThat(PartitionMapping.defaultFor(HOURS.definition(), sales))
                .isEqualTo(new FromDimensionMapping("date", PartitionMapping.timeWindow(0, 0)));
        assertThat(PartitionMapping.defaultFor(sales, REGIONS.definition()))
                .isEqualTo(new MultiPartitionMapping(
                        Map.of("region", DimensionMapping.fromWholeKey(PartitionMapping.identity()))));
        assertThat(PartitionMapping.defaultFor(sales, sales)).isEqualTo(PartitionMapping.identity());
    }
}
