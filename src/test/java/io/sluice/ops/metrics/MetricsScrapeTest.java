package io.sluice.ops.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.sluice.automation.AutomationStore;
import io.sluice.automation.TickOutcome;
import io.sluice.automation.TickRecord;
import io.sluice.testing.Management;
import io.sluice.testing.Runs;
import io.sluice.testing.TestSchedules;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code /q/metrics} after a run, a check and a schedule tick: each metric the operations guide names is there with
 * its Prometheus type, and every metric the Grafana dashboard in {@code deploy/} graphs is one of them.
 */
@QuarkusTest
class MetricsScrapeTest {

    /** Each metric family the docs promise, and its Prometheus type (a counter's samples add {@code _total}). */
    static final Map<String, String> EXPECTED = Map.ofEntries(
            Map.entry("sluice_runs_active", "gauge"),
            Map.entry("sluice_backfills_active", "gauge"),
            Map.entry("sluice_backfill_partitions", "gauge"),
            Map.entry("sluice_automation_tick_age_seconds", "gauge"),
            Map.entry("sluice_node_heartbeat_age_seconds", "gauge"),
            Map.entry("sluice_run_duration_seconds", "histogram"),
            Map.entry("sluice_asset_run_duration_seconds", "histogram"),
            Map.entry("sluice_run_start_latency_seconds", "histogram"),
            Map.entry("sluice_automation_trigger_latency_seconds", "histogram"),
            Map.entry("sluice_lake_write_duration_seconds", "histogram"),
            Map.entry("sluice_runs", "counter"),
            Map.entry("sluice_asset_runs", "counter"),
            Map.entry("sluice_asset_rows_written", "counter"),
            Map.entry("sluice_checks", "counter"));

    private static final Pattern TYPE = Pattern.compile("(?m)^# TYPE (\\S+) (\\S+)$");
    private static final Pattern EXPR_METRIC = Pattern.compile("\\b(sluice_[a-z_]+)");

    @Inject
    AutomationStore automation;

    @Inject
    StoreGauges gauges;

    @Test
    void everyPromisedMetricIsScrapedWithItsTypeAndTheDashboardGraphsOnlyThem() throws Exception {
        Runs.launchAndAwait("{\"assets\":[\"test/checked\"],\"config\":{\"rows\":5}}"); // ids above 2: WARN fails
        Instant due = Instant.now().minusSeconds(3);
        QuarkusTransaction.requiringNew()
                .run(() -> automation.record(new TickRecord(
                        TickRecord.Source.SCHEDULE,
                        TestSchedules.METRICS,
                        due,
                        due.plusMillis(1500),
                        new TickOutcome.Skipped("the metrics test's tick"))));
        gauges.read();

        String scraped = Management.given()
                .get("/q/metrics")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        Map<String, String> types = new HashMap<>();
        Matcher m = TYPE.matcher(scraped);
        while (m.find()) {
            types.put(m.group(1), m.group(2));
        }
        EXPECTED.forEach((name, type) -> assertThat(types).as("metric %s", name).containsEntry(name, type));

        assertThat(scraped)
                .contains("sluice_checks_total{asset=\"test/checked\",outcome=\"passed\",severity=\"ERROR\"")
                .contains("sluice_checks_total{asset=\"test/checked\",outcome=\"failed\",severity=\"WARN\"")
                .contains("sluice_asset_rows_written_total{asset=\"test/checked\"")
                .contains("sluice_lake_write_duration_seconds_bucket{asset=\"test/checked\"")
                .contains("sluice_runs_active{status=\"queued\"")
                .contains("sluice_backfill_partitions{state=\"remaining\"")
                .containsPattern("sluice_automation_trigger_latency_seconds_count\\{kind=\"schedule\"[^}]*} [1-9]")
                .containsPattern(
                        "sluice_automation_tick_age_seconds\\{kind=\"schedule\",name=\"test_metrics\"[^}]*} [0-9]");
        assertThat(scraped)
                .as("no partition or run id as a label")
                .doesNotContain("run_id=")
                .doesNotContain("partition=");

        // the Grafana dashboard graphs these names and no other
        JsonNode dashboard = new ObjectMapper().readTree(Files.readString(Path.of("deploy/grafana/sluice.json")));
        TreeSet<String> graphed = new TreeSet<>();
        for (JsonNode expr : dashboard.findValues("expr")) {
            Matcher e = EXPR_METRIC.matcher(expr.asText());
            while (e.find()) {
                graphed.add(family(e.group(1)));
            }
        }
        assertThat(graphed)
                .as("metrics the dashboard graphs")
                .isNotEmpty()
                .allSatisfy(name ->
                        assertThat(EXPECTED).as("the dashboard's %s", name).containsKey(name));
        assertThat(graphed).as("the dashboard graphs every promised metric").containsAll(EXPECTED.keySet());
    }

    /** The family of a sample name: a histogram's _bucket, _sum and _count, a counter's _total belong to it. */
    private static String family(String sample) {
        for (String suffix : new String[] {"_bucket", "_sum", "_count", "_max", "_total"}) {
            if (sample.endsWith(suffix)
                    && EXPECTED.containsKey(sample.substring(0, sample.length() - suffix.length()))) {
                return sample.substring(0, sample.length() - suffix.length());
            }
        }
        return sample;
    }
}
