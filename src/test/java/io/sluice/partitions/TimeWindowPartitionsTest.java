package io.sluice.partitions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

class TimeWindowPartitionsTest {

    private final TimeWindowPartitions daily = TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1));
    private final Instant now = Instant.parse("2024-01-05T10:00:00Z");

    @Test
    void listsEveryEndedDayOldestFirst() {
        assertThat(daily.keys(now)).containsExactly("2024-01-01", "2024-01-02", "2024-01-03", "2024-01-04");
        assertThat(daily.withEnd(LocalDate.of(2024, 1, 3)).keys(now)).containsExactly("2024-01-01", "2024-01-02");
    }

    @Test
    void validatesKeysWithMessagesAUserCanAct() {
        assertThat(daily.validate("2024-01-04", now)).isEmpty();
        assertThat(daily.validate("2024-01-05", now))
                .get()
                .asString()
                .contains("does not exist yet (last is 2024-01-04)");
        assertThat(daily.validate("2023-12-31", now))
                .get()
                .asString()
                .contains("before the first partition 2024-01-01");
        assertThat(daily.validate("2024-13-01", now)).get().asString().contains("expected yyyy-MM-dd");
        assertThat(daily.validate("yesterday", now)).isPresent();
        assertThat(daily.withEnd(LocalDate.of(2024, 1, 3)).validate("2024-01-04", now))
                .get()
                .asString()
                .contains("after the last partition 2024-01-02");
        assertThat(Unpartitioned.INSTANCE.validate("2024-01-01", now))
                .get()
                .asString()
                .contains("not partitioned");
    }

    @Test
    void anEndMustBeAfterTheStart() {
        assertThatThrownBy(() -> daily.withEnd(LocalDate.of(2024, 1, 1))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theEndOffsetSaysWhetherTheUnfinishedWindowExists() {
        assertThat(daily.withEndOffset(1).keys(now))
                .endsWith("2024-01-04", "2024-01-05")
                .hasSize(5);
        assertThat(daily.withEndOffset(-1).keys(now)).containsExactly("2024-01-01", "2024-01-02", "2024-01-03");
        assertThat(daily.withEndOffset(2).keys(now)).last().isEqualTo("2024-01-06");
        assertThat(daily.at(Instant.parse("2023-12-31T10:00:00Z")).size()).isZero();
        assertThat(daily.withEndOffset(1)
                        .at(Instant.parse("2024-01-01T00:00:00Z"))
                        .keys())
                .containsExactly("2024-01-01");
        assertThat(daily.withEndOffset(1).withEnd(LocalDate.of(2024, 1, 3)).keys(now))
                .containsExactly("2024-01-01", "2024-01-02");
    }

    @Test
    void windowsAreHalfOpenAndFoundByInstant() {
        TimeWindowSpace space = daily.at(now);
        assertThat(space.window(0))
                .isEqualTo(
                        new TimeWindow(Instant.parse("2024-01-01T00:00:00Z"), Instant.parse("2024-01-02T00:00:00Z")));
        assertThat(space.indexOf(Instant.parse("2024-01-02T00:00:00Z"))).hasValue(1);
        assertThat(space.indexOf(Instant.parse("2024-01-01T23:59:59.999Z"))).hasValue(0);
        assertThat(space.indexOf(Instant.parse("2024-01-05T00:00:00Z"))).isEmpty();
        assertThat(space.overlapping(Instant.parse("2024-01-02T12:00:00Z"), Instant.parse("2024-01-04T00:00:00Z"))
                        .keys())
                .containsExactly("2024-01-02", "2024-01-03");
        assertThat(space.overlapping(Instant.parse("2023-01-01T00:00:00Z"), Instant.parse("2030-01-01T00:00:00Z"))
                        .count())
                .isEqualTo(4);
    }

    @Test
    void weeklyMonthlyAndCronKeys() {
        Instant later = Instant.parse("2024-03-01T00:00:00Z");
        assertThat(TimeWindowPartitions.weekly(LocalDate.of(2024, 1, 1)).keys(later))
                .startsWith("2024-01-07", "2024-01-14");
        assertThat(TimeWindowPartitions.monthly(LocalDate.of(2023, 12, 15)).keys(later))
                .containsExactly("2024-01-01", "2024-02-01");
        TimeWindowPartitions workdays = TimeWindowPartitions.cron("30 6 * * 1-5", LocalDateTime.of(2024, 1, 5, 0, 0));
        assertThat(workdays.keys(Instant.parse("2024-01-10T00:00:00Z"))).containsExactly("2024-01-05", "2024-01-08");
        assertThat(workdays.at(later).window(0).duration()).hasHours(72);
        assertThat(workdays.validate("2024-01-06", later))
                .get()
                .asString()
                .contains(
                        "not the start of a cron '30 6 * * 1-5' partition (the nearest are 2024-01-05 and 2024-01-08)");
        TimeWindowPartitions quarterHours =
                TimeWindowPartitions.cron("*/15 * * * *", LocalDateTime.of(2024, 1, 1, 0, 0));
        assertThat(quarterHours.keys(Instant.parse("2024-01-01T01:00:00Z")))
                .containsExactly("2024-01-01-00:00", "2024-01-01-00:15", "2024-01-01-00:30", "2024-01-01-00:45");
    }

    @Test
    void customKeyFormatsRoundTripAndMustIdentifyTheWindow() {
        TimeWindowPartitions months =
                TimeWindowPartitions.monthly(LocalDate.of(2024, 1, 1)).withKeyFormat("yyyy-MM");
        assertThat(months.keys(Instant.parse("2024-04-02T00:00:00Z"))).containsExactly("2024-01", "2024-02", "2024-03");
        assertThat(months.at(Instant.parse("2024-04-02T00:00:00Z")).indexOf("2024-02"))
                .hasValue(1);
        TimeWindowPartitions compact = daily.withKeyFormat("yyyyMMdd");
        assertThat(compact.keys(now)).first().isEqualTo("20240101");
        assertThat(compact.validate("20240103", now)).isEmpty();
        assertThatThrownBy(() -> daily.withKeyFormat("yyyy-MM")).hasMessageContaining("the same key '2024-01'");
        assertThatThrownBy(() -> TimeWindowPartitions.hourly(LocalDateTime.of(2024, 1, 1, 0, 0))
                        .withKeyFormat("yyyy-MM-dd"))
                .hasMessageContaining("same key");
        assertThatThrownBy(() -> daily.withKeyFormat("yyyy|MM|dd"))
                .hasMessageContaining("must not be blank or contain '|'");
        assertThatThrownBy(() -> daily.withKeyFormat("yyyy-MM-dd XXX")).hasMessageContaining("cannot format");
        assertThatThrownBy(() -> daily.withKeyFormat("yyyy-MM-dd {")).hasMessageContaining("not a date-time pattern");
    }

    @Test
    void describesItself() {
        assertThat(daily.describe()).isEqualTo("daily from 2024-01-01 (UTC)");
        assertThat(TimeWindowPartitions.hourly(LocalDateTime.of(2024, 1, 1, 0, 0))
                        .withZone(ZoneId.of("Europe/Berlin"))
                        .withEndOffset(1)
                        .describe())
                .isEqualTo("hourly from 2024-01-01-00:00 (Europe/Berlin), end offset 1");
        assertThat(TimeWindowPartitions.cron("0 6 * * 1", LocalDateTime.of(2024, 1, 1, 0, 0))
                        .describe())
                .isEqualTo("weekly from 2024-01-01 (UTC)");
        assertThat(TimeWindowPartitions.cron("0 6,18 * * *", LocalDateTime.of(2024, 1, 1, 0, 0))
                        .describe())
                .isEqualTo("cron '0 6,18 * * *' from 2024-01-01-00:00 (UTC)");
    }
}
