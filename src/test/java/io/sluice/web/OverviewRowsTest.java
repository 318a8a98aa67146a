package io.sluice.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.automation.StoredTick;
import io.sluice.automation.TickOutcome;
import io.sluice.automation.TickRecord;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class OverviewRowsTest {

    private static StoredTick tick(long id, TickRecord.Source source, String name, int second, TickOutcome outcome) {
        Instant at = Instant.parse("2025-01-01T00:00:00Z").plusSeconds(second);
        return new StoredTick(id, new TickRecord(source, name, at, at, outcome));
    }

    @Test
    void decisionsAreNewestFirstAcrossSourcesAndARunOfTheSameSkipIsOneRow() {
        List<StoredTick> ticks = new ArrayList<>();
        for (int i = 0; i < 30; i++) { // a quiet sensor skips every 5 seconds
            ticks.add(tick(i, TickRecord.Source.SENSOR, "inbox", i * 5, new TickOutcome.Skipped("no new files")));
        }
        ticks.add(tick(
                100, TickRecord.Source.SCHEDULE, "daily", 62, new TickOutcome.Launched(List.of("run-1"), List.of())));
        ticks.add(tick(101, TickRecord.Source.TRIGGER, "raw/x", 200, new TickOutcome.Failed("boom")));

        List<OverviewRows.Decision> decisions = OverviewRows.decisions(ticks);

        assertThat(decisions)
                .extracting(d -> d.source() + " " + d.name() + " " + d.tick().outcome() + " x" + d.repeats())
                .containsExactly(
                        "trigger raw/x FAILED x1",
                        "sensor inbox SKIPPED x17", // seconds 145 down to 65
                        "schedule daily LAUNCHED x1",
                        "sensor inbox SKIPPED x13");
        assertThat(decisions.get(0).href()).isEqualTo("/assets/raw/x");
        assertThat(decisions.get(2).href()).isEqualTo("/automation");
        assertThat(decisions.get(2).tick().runIds()).containsExactly("run-1");
    }

    @Test
    void atMostTenDecisionsAreListed() {
        List<StoredTick> ticks = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            ticks.add(
                    tick(i, TickRecord.Source.SCHEDULE, "s", i, new TickOutcome.Launched(List.of("r" + i), List.of())));
        }
        assertThat(OverviewRows.decisions(ticks))
                .hasSize(OverviewRows.SHOWN)
                .first()
                .satisfies(d -> assertThat(d.tick().runIds()).containsExactly("r24"));
    }
}
