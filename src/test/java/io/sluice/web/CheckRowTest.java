package io.sluice.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.catalog.AssetKey;
import io.sluice.lake.AssetCheck;
import io.sluice.lake.CheckResult;
import io.sluice.runs.RecordedCheck;
import io.sluice.runs.RunEventLog;
import io.sluice.runs.RunService;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class CheckRowTest {

    private static RecordedCheck check(String partition, AssetCheck.Severity severity, boolean passed, int violations) {
        List<Map<String, Object>> sample = IntStream.range(0, violations)
                .<Map<String, Object>>mapToObj(i -> Map.of("id", i))
                .toList();
        return new RecordedCheck(
                "run",
                AssetKey.parse("raw/things"),
                partition,
                Instant.EPOCH,
                new CheckResult(
                        "ids_present",
                        severity,
                        passed,
                        Integer.toString(violations),
                        "0",
                        sample,
                        violations + " NULL ids"));
    }

    @Test
    void aRunOfManyPartitionsShowsWhatTheStoreReadAndCountsTheRest() {
        List<RecordedCheck> checks = new ArrayList<>();
        IntStream.range(0, 240).forEach(i -> checks.add(check("p" + i, AssetCheck.Severity.ERROR, true, 0)));
        checks.add(check("p240", AssetCheck.Severity.WARN, false, 3));
        checks.add(check("p241", AssetCheck.Severity.ERROR, false, 25));

        // as the store reads them (RunEventLogContract checks its order): failures first, at most 200, and the counts
        List<RecordedCheck> shown = new ArrayList<>(List.of(checks.get(241), checks.get(240)));
        shown.addAll(checks.subList(0, CheckRow.MAX_ROWS - 2));
        CheckRow.Summary summary =
                CheckRow.Summary.of(new RunService.CheckPage(shown, new RunEventLog.CheckCounts(240, 1, 1)));

        assertThat(summary.counts().total()).isEqualTo(242);
        assertThat(summary.rows()).hasSize(CheckRow.MAX_ROWS);
        assertThat(summary.hidden()).isEqualTo(42);
        assertThat(summary.any()).isTrue();
        CheckRow failed = summary.rows().get(0);
        assertThat(failed.partition()).isEqualTo("p241");
        assertThat(failed.outcome()).isEqualTo("failed");
        assertThat(failed.blocked()).isTrue();
        assertThat(failed.sample()).as("at most 10 sample rows listed").hasSize(CheckRow.SAMPLE_ROWS);
        assertThat(failed.sampleSize()).isEqualTo(25);
        assertThat(failed.sample().get(0)).isEqualTo("id=0");
        assertThat(summary.rows().get(1).outcome()).isEqualTo("warning");
        assertThat(summary.rows().get(1).css()).isEqualTo("s-QUEUED");
        assertThat(summary.rows().get(2).outcome()).isEqualTo("passed");
        assertThat(summary.rows().get(2).partition())
                .as("passes keep their order")
                .isEqualTo("p0");
    }

    @Test
    void aRunWithoutChecksHasNone() {
        assertThat(CheckRow.Summary.of(new RunService.CheckPage(List.of(), new RunEventLog.CheckCounts(0, 0, 0)))
                        .any())
                .isFalse();
    }
}
