package io.sluice.automation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.catalog.AssetKey;
import io.sluice.partitions.PartitionKeyRange;
import io.sluice.testing.Property;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class SensorTickOutcomeTest {

    private static final SensorSpec SPEC = new SensorSpec("filings", Duration.ofSeconds(30), AutomationStatus.STOPPED);
    private static final SensorContext CONTEXT =
            new SensorContext("filings", Instant.parse("2024-03-05T10:00:00Z"), Optional.empty());
    private static final AssetKey RAW = AssetKey.of("adv", "raw");

    private static LaunchRequest run(String partition) {
        return LaunchRequest.of(List.of(RAW), List.of(PartitionKeyRange.single(partition)), "new file");
    }

    @Test
    void launchesMoveTheCursorWithThem() {
        SensorTickOutcome outcome = SensorTickOutcome.of(
                SPEC, Optional.of("7"), SensorResult.launch(run("a")).withCursor("8"));
        assertThat(outcome.status()).isEqualTo(SensorTickOutcome.Status.LAUNCHED);
        assertThat(outcome.cursor()).contains("8");
        assertThat(outcome.launches())
                .singleElement()
                .satisfies(l -> assertThat(l.tags()).containsEntry(Launch.SENSOR_TAG, "filings"));
        assertThat(outcome.recorded(List.of("r1"), List.of()))
                .isEqualTo(new TickOutcome.Launched(List.of("r1"), List.of()));
    }

    @Test
    void launchesWithoutANewCursorKeepTheOldOne() {
        assertThat(SensorTickOutcome.of(SPEC, Optional.of("7"), SensorResult.launch(run("a")))
                        .cursor())
                .contains("7");
    }

    @Test
    void aSkipSaysWhyAndMayMoveTheCursor() {
        SensorTickOutcome outcome = SensorTickOutcome.of(
                SPEC, Optional.of("7"), SensorResult.skip("no new file").withCursor("9"));
        assertThat(outcome.status()).isEqualTo(SensorTickOutcome.Status.SKIPPED);
        assertThat(outcome.cursor()).contains("9");
        assertThat(outcome.launches()).isEmpty();
        assertThat(outcome.recorded(List.of(), List.of())).isEqualTo(new TickOutcome.Skipped("no new file"));
    }

    @Test
    void aFailingSensorLaunchesNothingAndKeepsTheCursor() {
        Sensor broken = (context, cursor) -> {
            throw new IllegalStateException("folder unreadable");
        };
        SensorTickOutcome outcome = SensorTickOutcome.evaluate(SPEC, broken, CONTEXT, Optional.of("7"));
        assertThat(outcome.status()).isEqualTo(SensorTickOutcome.Status.FAILED);
        assertThat(outcome.cursor()).contains("7");
        assertThat(outcome.launches()).isEmpty();
        assertThat(outcome.message()).contains("filings", "folder unreadable");
    }

    @Test
    void anInvalidDynamicKeyFailsTheWholeTick() {
        SensorResult result = SensorResult.launch(run("a"))
                .withCursor("8")
                .with(DynamicPartitionChange.add("firms", "ok", "bad|key"));
        SensorTickOutcome outcome = SensorTickOutcome.of(SPEC, Optional.of("7"), result);
        assertThat(outcome.status()).isEqualTo(SensorTickOutcome.Status.FAILED);
        assertThat(outcome.cursor()).contains("7");
        assertThat(outcome.launches()).isEmpty();
        assertThat(outcome.partitionChanges()).isEmpty();
        assertThat(SensorTickOutcome.of(
                                SPEC,
                                Optional.empty(),
                                SensorResult.skip("x")
                                        .with(new DynamicPartitionChange("firms", List.of("k"), List.of("k"))))
                        .status())
                .isEqualTo(SensorTickOutcome.Status.FAILED);
    }

    @Test
    void aLaunchingResultKeepsItsNoteForTickHistory() {
        SensorTickOutcome outcome = SensorTickOutcome.of(
                SPEC, Optional.empty(), SensorResult.launch(run("a")).withNote("ignored: notes.txt"));

        assertThat(outcome.recorded(List.of("r1"), List.of()))
                .isEqualTo(new TickOutcome.Launched(List.of("r1"), List.of(), "ignored: notes.txt"));
        assertThat(outcome.recorded(List.of("r1"), List.of()).detail()).isEqualTo("ignored: notes.txt");
    }

    @Test
    void tickHistoryKeepsAtMostTwoThousandCharactersOfAReasonNeverHalfACharacter() {
        String reason = "x".repeat(1998) + "\ud83d\ude00" + "y".repeat(10_000);
        TickOutcome kept = SensorTickOutcome.of(SPEC, Optional.empty(), SensorResult.skip(reason))
                .recorded(List.of(), List.of());

        assertThat(kept.detail()).hasSize(TickOutcome.MAX_DETAIL - 1).endsWith("x…");
        assertThat(new TickOutcome.Failed("e".repeat(5000)).detail()).hasSize(TickOutcome.MAX_DETAIL);
    }

    @Test
    void aResultCannotBothLaunchAndSkip() {
        assertThatThrownBy(() -> new SensorResult(List.of(run("a")), List.of(), Optional.empty(), Optional.of("why")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SensorSpec("s", Duration.ofMillis(10), AutomationStatus.RUNNING))
                .hasMessageContaining("1 second to 1 day");
    }

    /**
     * A sensor over a folder whose files are numbered; its cursor is the last number launched. The adapter commits an
     * outcome's launches and cursor together, or crashes before the commit and keeps nothing. Whatever the arrivals
     * and crashes, every file is launched exactly once.
     */
    @Test
    void acrossCrashesEveryFileIsLaunchedExactlyOnce() {
        Property.tries(200).check(d -> d.listOf(1, 40, () -> new int[] {d.between(0, 3), d.bool() ? 1 : 0}), steps -> {
            TreeMap<Integer, String> folder = new TreeMap<>();
            Sensor sensor = (context, cursor) -> {
                int after = cursor.map(Integer::parseInt).orElse(0);
                var fresh = folder.tailMap(after, false);
                if (fresh.isEmpty()) {
                    return SensorResult.skip("no new file");
                }
                return new SensorResult(
                        fresh.values().stream().map(f -> (Launch) run(f)).toList(),
                        List.of(),
                        Optional.of(String.valueOf(fresh.lastKey())),
                        Optional.empty());
            };
            Optional<String> stored = Optional.empty();
            List<String> launched = new ArrayList<>();
            for (int[] step : steps) {
                for (int i = 0; i < step[0]; i++) {
                    int n = folder.isEmpty() ? 1 : folder.lastKey() + 1;
                    folder.put(n, "file-" + n);
                }
                SensorTickOutcome outcome = SensorTickOutcome.evaluate(SPEC, sensor, CONTEXT, stored);
                boolean crashBeforeCommit = step[1] == 1;
                if (!crashBeforeCommit) {
                    outcome.launches()
                            .forEach(l -> launched.add(
                                    ((LaunchRequest) l).partitions().get(0).start()));
                    stored = outcome.cursor();
                }
            }
            SensorTickOutcome last = SensorTickOutcome.evaluate(SPEC, sensor, CONTEXT, stored);
            last.launches()
                    .forEach(l ->
                            launched.add(((LaunchRequest) l).partitions().get(0).start()));
            assertThat(launched).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(folder.values());
        });
    }
}
