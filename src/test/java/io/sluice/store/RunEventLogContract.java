package io.sluice.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.catalog.AssetKey;
import io.sluice.lake.AssetCheck;
import io.sluice.runs.LogLine;
import io.sluice.runs.Materialization;
import io.sluice.runs.RecordedCheck;
import io.sluice.runs.Run;
import io.sluice.runs.RunEventLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The contract of the run event log ({@link RunEventLog}): log lines, materializations, check results (and the audit log beside them). Run by a subclass per backend. */
public abstract class RunEventLogContract extends StorePortContract {

    @Test
    void checkResultsForTheRunPageFailuresFirstAndCounted() {
        AssetKey a = uniqueAsset();
        Run run = newRun(a);
        queue.create(run);
        List<RecordedCheck> checks = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            checks.add(check(run.id(), a, "p" + i, "ok_" + i, AssetCheck.Severity.ERROR, true));
        }
        checks.add(check(run.id(), a, "p5", "warned", AssetCheck.Severity.WARN, false));
        checks.add(check(run.id(), a, "p6", "blocked", AssetCheck.Severity.ERROR, false));
        checks.add(check(run.id(), a, "p7", "passed_warning", AssetCheck.Severity.WARN, true));
        events.recordChecks(checks);

        assertThat(events.checksFailuresFirst(run.id(), 4))
                .extracting(c -> c.result().name())
                .containsExactly("blocked", "warned", "ok_0", "ok_1");
        assertThat(events.checksFailuresFirst(run.id(), 100)).hasSize(8);
        assertThat(events.checkCounts(run.id())).isEqualTo(new RunEventLog.CheckCounts(6, 1, 1));
        assertThat(events.checkCounts(UUID.randomUUID().toString()).total()).isZero();
    }

    @Test
    void logsAreKeptPerRunInOrderAndPageable() {
        Run run = newRun(uniqueAsset());
        Run other = newRun(uniqueAsset());
        queue.create(run);
        queue.create(other);
        for (int i = 0; i < 5; i++) {
            events.appendLog(run.id(), t0.plusMillis(i), "INFO", run.assets().get(0), "line " + i);
        }
        events.appendLog(other.id(), t0, "WARN", null, "not mine");
        List<LogLine> all = events.logs(run.id(), 0, 100);
        assertThat(all).extracting(LogLine::message).containsExactly("line 0", "line 1", "line 2", "line 3", "line 4");
        assertThat(events.logs(run.id(), all.get(1).id(), 2))
                .extracting(LogLine::message)
                .containsExactly("line 2", "line 3");
    }

    @Test
    void materializationsPerRunAndAsset() {
        AssetKey a = uniqueAsset();
        Run run = newRun(a);
        queue.create(run);
        events.recordMaterialization(new Materialization(run.id(), a, null, t0, 10, 3, 1, 12, "{\"table\":\"t\"}"));
        events.recordMaterialization(
                new Materialization(run.id(), a, "2024-01-02", t0.plusSeconds(1), 7, 0, 1, 5, "{}"));
        assertThat(events.lastMaterialization(a).orElseThrow().partition()).isEqualTo("2024-01-02");
        assertThat(events.materializations(run.id()))
                .extracting(Materialization::rowsWritten)
                .containsExactly(10L, 7L);
    }

    @Test
    void materializationsAfterACursorOfTheAskedAssetsOnlyInIdOrder() {
        AssetKey a = uniqueAsset();
        AssetKey b = uniqueAsset();
        AssetKey other = uniqueAsset();
        Run run = newRun(a);
        queue.create(run);
        long cursor = events.lastMaterializationId();
        for (int i = 0; i < 3; i++) {
            for (AssetKey asset : List.of(a, other, b)) {
                events.recordMaterialization(
                        new Materialization(run.id(), asset, "p" + i, t0.plusSeconds(i), 1, 0, 0, 1, "{}"));
            }
        }
        var read = events.materializationsAfter(cursor, List.of(b, a), 100);
        assertThat(read)
                .extracting(m ->
                        m.materialization().asset() + ":" + m.materialization().partition())
                .containsExactly(a + ":p0", b + ":p0", a + ":p1", b + ":p1", a + ":p2", b + ":p2");
        assertThat(read).extracting(m -> m.id()).isSorted().allMatch(id -> id > cursor);
        assertThat(events.materializationsAfter(read.get(1).id(), List.of(a, b), 3))
                .extracting(m -> m.materialization().partition())
                .containsExactly("p1", "p1", "p2");
        assertThat(events.materializationsAfter(cursor, List.of(), 100)).isEmpty();
    }

    @Test
    void auditEventsAreAppendedAndReadBackPerRun() {
        Run run = newRun(uniqueAsset());
        queue.create(run);
        audit.record(AuditEvent.of(
                t0, "alice", AuditAction.RUN_LAUNCHED, run.id(), "a/b", "why", Map.of("mode", "FULL_REFRESH")));
        audit.record(AuditEvent.of(
                t0.plusSeconds(1), "bob", AuditAction.RUN_CANCEL_REQUESTED, run.id(), "a/b", null, Map.of()));
        List<AuditEvent> events = audit.forRun(run.id());
        assertThat(events)
                .extracting(AuditEvent::action)
                .containsExactly(AuditAction.RUN_LAUNCHED, AuditAction.RUN_CANCEL_REQUESTED);
        assertThat(events.get(0).actor()).isEqualTo("alice");
        assertThat(events.get(0).detail()).containsEntry("mode", "FULL_REFRESH");
    }

    @Test
    void historyOfAnAssetNewestFirstLimitedAndOnlyItsOwn() {
        AssetKey a = uniqueAsset();
        AssetKey other = uniqueAsset();
        Run run = newRun(a);
        queue.create(run);
        for (int i = 0; i < 4; i++) {
            events.recordMaterialization(
                    new Materialization(run.id(), a, "p" + i, t0.plusSeconds(i), 10 + i, 0, 1, 3, "{}"));
        }
        events.recordMaterialization(new Materialization(run.id(), other, null, t0, 99, 0, 1, 3, "{}"));
        assertThat(events.materializationHistory(a, 3))
                .extracting(Materialization::rowsWritten)
                .containsExactly(13L, 12L, 11L);
        assertThat(events.materializationHistory(uniqueAsset(), 3)).isEmpty();

        events.recordChecks(List.of(
                check(run.id(), a, "p0", "first", AssetCheck.Severity.ERROR, true),
                check(run.id(), other, "p0", "not_mine", AssetCheck.Severity.ERROR, false),
                check(run.id(), a, "p1", "second", AssetCheck.Severity.WARN, false)));
        assertThat(events.checkHistory(a, 10))
                .extracting(c -> c.result().name())
                .containsExactly("second", "first");
        assertThat(events.checkHistory(a, 1)).extracting(c -> c.result().name()).containsExactly("second");
    }

    /** The overview and the catalog read every asset's newest materialization and latest checks at once. */
    @Test
    void newestMaterializationAndLatestChecksOfManyAssetsAtOnce() {
        AssetKey a = uniqueAsset();
        AssetKey b = uniqueAsset();
        AssetKey never = uniqueAsset();
        Run first = newRun(a, b);
        Run second = newRun(a); // a later run of a: its events only (two queued runs of one asset would be busy)
        queue.create(first);
        events.recordMaterialization(new Materialization(first.id(), a, "p0", t0, 1, 0, 1, 3, "{}"));
        events.recordMaterialization(new Materialization(first.id(), b, null, t0, 2, 0, 1, 3, "{\"table\":\"t\"}"));
        events.recordMaterialization(new Materialization(second.id(), a, "p1", t0.plusSeconds(1), 3, 0, 1, 3, "{}"));
        Map<AssetKey, Materialization> last = events.lastMaterializations(List.of(a, b, never));
        assertThat(last).containsOnlyKeys(a, b);
        assertThat(last.get(a)).isEqualTo(events.lastMaterialization(a).orElseThrow());
        assertThat(last.get(a).rowsWritten()).isEqualTo(3);
        assertThat(last.get(b)).isEqualTo(events.lastMaterialization(b).orElseThrow());

        events.recordChecks(List.of(
                check(first.id(), a, "p0", "old", AssetCheck.Severity.ERROR, false),
                check(first.id(), b, "p0", "b_one", AssetCheck.Severity.ERROR, true),
                check(first.id(), b, "p0", "b_two", AssetCheck.Severity.WARN, false)));
        events.recordChecks(List.of(
                check(second.id(), a, "p1", "new_one", AssetCheck.Severity.ERROR, true),
                check(second.id(), a, "p1", "new_two", AssetCheck.Severity.WARN, false)));
        Map<AssetKey, List<RecordedCheck>> latest = events.latestChecks(List.of(a, b, never));
        assertThat(latest).containsOnlyKeys(a, b);
        assertThat(latest.get(a)).isEqualTo(events.latestChecks(a));
        assertThat(latest.get(a)).extracting(c -> c.result().name()).containsExactly("new_one", "new_two");
        assertThat(latest.get(b)).isEqualTo(events.latestChecks(b));
        assertThat(events.lastMaterializations(List.of())).isEmpty();
    }
}
