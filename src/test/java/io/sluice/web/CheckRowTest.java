package io.sluice.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.catalog.AssetCheck;
import io.sluice.catalog.AssetKey;
import io.sluice.catalog.CheckResult;
import io.sluice.runs.RecordedCheck;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class CheckRowTest {

    private static RecordedCheck check(String partition, AssetCheck.Severity severity, boolean passed, int violations) {
        List<Map<String, Object>> sample = IntStream.range(0, violations).<Map<String, Object>>mapToObj(i -> Map.of("id", i)).toList();
        return new RecordedCheck("run", AssetKey.parse("raw/things"), partition, Instant.EPOCH,
                new CheckResult("ids_present", severity, passed, Integer.toString(violations), "0", sample, violations + " NULL ids"));
    }

    @Test
    void aRunOfManyPartitionsListsFailuresFirstAndAtMost200Results() {
        List<RecordedCheck> checks = new ArrayList<>();
        IntStream.range(0, 240).forEach(i -> checks.add(check("p" + i, AssetCheck.Severity.ERROR, true, 0)));
        checks.add(check("p240", AssetCheck.Severity.WARN, false, 3));
        checks.add(check("p241", AssetCheck.Severity.ERROR, false, 25));

        CheckRow.Summary summary = CheckRow.Summary.of(checks);

        assertThat(summary.total()).isEqualTo(242);
        assertThat(summary.rows()).hasSize(CheckRow.MAX_ROWS);
        assertThat(summary.hidden()).isEqualTo(42);
        assertThat(summary.passed()).isEqualTo(240);
        assertThat(summary.failed()).isEqualTo(1);
        assertThat(summary.warnings()).isEqualTo(1);
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
        assertThat(summary.rows().get(2).partition()).as("passes keep their order").isEqualTo("p0");
    }

    @Test
    void aRunWithoutChecksHasNone() {
        assertThat(CheckRow.Summary.of(List.of()).any()).isFalse();
    }
}
