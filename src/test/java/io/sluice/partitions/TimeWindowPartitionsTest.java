package io.sluice.partitions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class TimeWindowPartitionsTest {

    private final TimeWindowPartitions daily = TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1));
    private final LocalDate today = LocalDate.of(2024, 1, 5);

    @Test
    void listsEveryEndedDayOldestFirst() {
        assertThat(daily.keys(today)).containsExactly("2024-01-01", "2024-01-02", "2024-01-03", "2024-01-04");
        assertThat(daily.withEnd(LocalDate.of(2024, 1, 3)).keys(today)).containsExactly("2024-01-01", "2024-01-02");
    }

    @Test
    void validatesKeysWithMessagesAUserCanAct() {
        assertThat(daily.validate("2024-01-04", today)).isEmpty();
        assertThat(daily.validate("2024-01-05", today)).get().asString().contains("does not exist yet");
        assertThat(daily.validate("2023-12-31", today)).get().asString().contains("before the first partition 2024-01-01");
        assertThat(daily.validate("2024-13-01", today)).get().asString().contains("expected yyyy-MM-dd");
        assertThat(daily.validate("yesterday", today)).isPresent();
        assertThat(Unpartitioned.INSTANCE.validate("2024-01-01", today)).isPresent();
    }

    @Test
    void anEndMustBeAfterTheStart() {
        assertThatThrownBy(() -> daily.withEnd(LocalDate.of(2024, 1, 1))).isInstanceOf(IllegalArgumentException.class);
    }
}
