package io.sluice.runs.execute;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditLog;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.Fence;
import io.sluice.runs.Materialization;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.PartitionState;
import io.sluice.runs.Run;
import io.sluice.runs.RunKind;
import io.sluice.runs.RunQueue;
import io.sluice.runs.RunRecords;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunStep;
import io.sluice.testing.Fake;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** When a group's writes are stored, and what counts as stored: fakes of the store and a ticker the test moves. */
class GroupJournalTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final AssetKey ASSET = AssetKey.parse("test/daily");
    private static final long FLUSH_MS = 100;

    private final AtomicLong nanos = new AtomicLong(1_000);
    private final AtomicInteger transactions = new AtomicInteger();
    private final AtomicBoolean failNext = new AtomicBoolean();
    private final List<RunRecords> recorded = new ArrayList<>();
    private final List<AuditEvent> audited = new ArrayList<>();
    private final AtomicInteger cancelReads = new AtomicInteger();
    private final Set<String> canceled = new HashSet<>();

    private final RunQueue store = Fake.of(
            RunQueue.class,
            Map.of(
                    "record", args -> store((RunRecords) args[0]),
                    "isCancelRequested",
                            args -> {
                                cancelReads.incrementAndGet();
                                return canceled.contains((String) args[0]);
                            },
                    "cancelRequested",
                            args -> {
                                cancelReads.incrementAndGet();
                                @SuppressWarnings("unchecked")
                                Collection<String> ids = (Collection<String>) args[0];
                                return Set.copyOf(
                                        ids.stream().filter(canceled::contains).toList());
                            }));
    private final AuditLog audit = Fake.of(AuditLog.class, Map.of("recordAll", args -> {
        @SuppressWarnings("unchecked")
        List<AuditEvent> events = (List<AuditEvent>) args[0];
        audited.addAll(events);
        return null;
    }));

    /** Runs another node took over: the store's fence refuses their records. */
    private final Set<String> takenOver = new HashSet<>();

    /** As the store does: drops the records of runs lost to the fence, stores the rest, returns the lost runs. */
    private Set<String> store(RunRecords records) {
        Set<String> lost = new HashSet<>(records.runIds());
        lost.retainAll(takenOver);
        recorded.add(records.without(lost));
        return lost;
    }

    private static Fence fence(String... runIds) {
        Map<String, Long> epochs = new HashMap<>();
        for (String id : runIds) {
            epochs.put(id, 1L);
        }
        return new Fence("node-a", epochs);
    }

    private GroupJournal journal(String... runIds) {
        return new GroupJournal(
                store,
                audit,
                fence(runIds),
                List.of(runIds),
                FLUSH_MS,
                work -> {
                    transactions.incrementAndGet();
                    if (failNext.getAndSet(false)) {
                        throw new IllegalStateException("the metadata store refused the write");
                    }
                    work.run();
                },
                nanos::get);
    }

    private void pass(long millis) {
        nanos.addAndGet(millis * 1_000_000);
    }

    private static Run run(String id) {
        return new Run(
                id,
                RunStatus.STARTED,
                MaterializationMode.FULL_REFRESH,
                List.of(ASSET),
                List.of(),
                List.of("2025-03-01"),
                "{}",
                "test",
                "tester",
                NOW,
                NOW,
                null,
                0,
                0,
                0,
                null,
                false,
                List.of(RunStep.queued(0, ASSET)),
                RunKind.MATERIALIZE,
                null,
                null,
                Map.of());
    }

    private static void end(GroupJournal journal, String id) {
        journal.ended(
                run(id),
                new RunRecords.RunEnd(id, RunStatus.SUCCESS, NOW, 0, 0, 1, null),
                AuditEvent.of(NOW, "sluice", AuditAction.RUN_FINISHED, id, ASSET.toString(), null, Map.of()));
    }

    @Test
    void aSingleRunIsStoredAtEveryBoundaryInATransactionOfItsOwn() {
        GroupJournal journal = journal("r1");
        assertThat(journal.mirrorsInfo()).isTrue();
        journal.append("r1", NOW, "INFO", ASSET, "started");
        journal.boundary();
        assertThat(transactions).hasValue(1);
        assertThat(recorded)
                .singleElement()
                .satisfies(r -> assertThat(r.logs())
                        .extracting(RunRecords.LogRecord::message)
                        .containsExactly("started"));
        end(journal, "r1");
        journal.boundary();
        assertThat(transactions).hasValue(2);
        assertThat(journal.storedEnds()).extracting(RunRecords.RunEnd::runId).containsExactly("r1");
        assertThat(audited).extracting(AuditEvent::action).containsExactly(AuditAction.RUN_FINISHED);
    }

    @Test
    void aGroupIsStoredOnlyOnceItsOldestWriteIsAFlushIntervalOld() {
        GroupJournal journal = journal("r1", "r2");
        assertThat(journal.grouped()).isTrue();
        assertThat(journal.mirrorsInfo()).isFalse();
        end(journal, "r1");
        journal.boundary();
        pass(FLUSH_MS - 1);
        journal.boundary();
        assertThat(transactions).as("not due yet").hasValue(0);
        assertThat(journal.storedEnds())
                .as("r1's end is not stored, so not reported")
                .isEmpty();
        pass(1);
        journal.boundary();
        assertThat(transactions).hasValue(1);
        assertThat(journal.storedEnds()).extracting(RunRecords.RunEnd::runId).containsExactly("r1");
    }

    @Test
    void aLogLineOfAGroupFlushesWhenItArrivesOverdue() {
        GroupJournal journal = journal("r1", "r2");
        journal.append("r1", NOW, "INFO", ASSET, "one");
        pass(FLUSH_MS);
        assertThat(transactions).hasValue(0);
        journal.append("r1", NOW, "INFO", ASSET, "two");
        assertThat(transactions).hasValue(1);
        assertThat(recorded.get(0).logs())
                .extracting(RunRecords.LogRecord::message)
                .containsExactly("one", "two");
        // the interval starts again with the next write
        journal.append("r1", NOW, "INFO", ASSET, "three");
        assertThat(transactions).hasValue(1);
    }

    @Test
    void nothingPendingRunsNoTransaction() {
        GroupJournal journal = journal("r1");
        journal.flush();
        journal.boundary();
        assertThat(transactions).hasValue(0);
    }

    @Test
    void aRefusedFlushCountsNothingAsStoredAndTheNextFlushStoresIt() {
        GroupJournal journal = journal("r1");
        end(journal, "r1");
        failNext.set(true);
        assertThatThrownBy(journal::flush).hasMessageContaining("refused");
        assertThat(journal.storedEnds()).isEmpty();
        assertThat(journal.unstored().ends())
                .extracting(RunRecords.RunEnd::runId)
                .containsExactly("r1");
        journal.flush();
        assertThat(journal.storedEnds()).extracting(RunRecords.RunEnd::runId).containsExactly("r1");
        assertThat(journal.unstored().isEmpty()).isTrue();
    }

    @Test
    void aSingleRunAsksTheStoreForACancelEachTimeAGroupOncePerInterval() {
        GroupJournal single = journal("r1");
        canceled.add("r1");
        assertThat(single.isCancelRequested("r1")).isTrue();
        assertThat(single.isCancelRequested("r1")).isTrue();
        assertThat(cancelReads).hasValue(2);

        cancelReads.set(0);
        canceled.clear();
        GroupJournal group = journal("r2", "r3");
        canceled.add("r3");
        assertThat(group.isCancelRequested("r3"))
                .as("read at the claim: none then")
                .isFalse();
        assertThat(cancelReads).hasValue(0);
        pass(FLUSH_MS);
        assertThat(group.isCancelRequested("r3")).isTrue();
        assertThat(group.isCancelRequested("r2")).isFalse();
        assertThat(cancelReads).as("both answered by one read").hasValue(1);
    }

    @Test
    void unstoredPartitionOutcomesAndMaterializationsAreSeenBeforeTheyAreStored() {
        GroupJournal journal = journal("r1", "r2");
        journal.partitions(ASSET, List.of("2025-03-01", "2025-03-02"), PartitionState.IN_PROGRESS, "r1", NOW);
        journal.partitions(ASSET, List.of("2025-03-01"), PartitionState.MATERIALIZED, "r1", NOW);
        journal.partitions(AssetKey.parse("test/other"), List.of("2025-03-03"), PartitionState.FAILED, "r1", NOW);
        assertThat(journal.unstoredPartitions(ASSET))
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of("2025-03-01", PartitionState.MATERIALIZED, "2025-03-02", PartitionState.IN_PROGRESS));
        assertThat(journal.unstoredMaterialization(ASSET)).isFalse();
        journal.materialized(new Materialization("r1", ASSET, "2025-03-01", NOW, 1, 0, 1, 5, "{}"));
        assertThat(journal.unstoredMaterialization(ASSET)).isTrue();
        pass(FLUSH_MS);
        journal.boundary();
        assertThat(journal.unstoredMaterialization(ASSET)).as("stored now").isFalse();
        assertThat(journal.unstoredPartitions(ASSET)).isEmpty();
    }

    @Test
    void aRunLostToTheFenceStoresNothingIsReportedLostAndStopsAsIfCanceled() {
        GroupJournal group = journal("r1", "r2");
        group.append("r1", NOW, "INFO", ASSET, "r1 materialized");
        group.append("r2", NOW, "INFO", ASSET, "r2 materialized");
        group.materialized(new Materialization("r2", ASSET, "2025-03-01", NOW, 1, 0, 1, 5, "{}"));
        end(group, "r1");
        end(group, "r2");
        takenOver.add("r2");

        group.flush();

        RunRecords stored = recorded.get(recorded.size() - 1);
        assertThat(stored.logs()).extracting(RunRecords.LogRecord::runId).containsOnly("r1");
        assertThat(stored.materializations()).isEmpty();
        assertThat(stored.ends()).extracting(RunRecords.RunEnd::runId).containsExactly("r1");
        assertThat(audited).extracting(AuditEvent::runId).containsExactly("r1");
        assertThat(group.storedEnds()).extracting(RunRecords.RunEnd::runId).containsExactly("r1");
        assertThat(group.lost()).containsExactly("r2");
        assertThat(group.isCancelRequested("r2"))
                .as("a lost run stops at once, without a read of the store")
                .isTrue();
        assertThat(group.isCancelRequested("r1")).isFalse();
    }
}
