package io.sluice.lake;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The lake's ports on a node started with {@code sluice.lake.enabled=false} ({@code SLUICE_LAKE_ENABLED=false}): the
 * lake file is never opened, and every call that would read or write the lake throws {@link LakeUnavailable}, whose
 * message says that this node runs without the lake and where the lake is. Such a node claims only runs that need no
 * lake (see {@code docs/operations.md}, "Several nodes").
 *
 * <p>Three calls answer instead of throwing, because they ask nothing of a lake: {@link #forRun} returns this (a run
 * of an asset without a table opens its run lake and never uses it; a use throws), {@link #close} does nothing, and
 * {@link #interrupt} returns 0 (no run has lake work open here). {@link #identity} throws like the others: this node
 * has no lake and so no lake id; the lake guard leaves the cluster's lake lock alone on such a node.
 */
public final class NoLake implements RunLake, LakeTables {

    private final LakeHome home;

    public NoLake(LakeHome home) {
        this.home = home;
    }

    /** Why this node cannot answer: it runs without the lake, which is on another node. */
    public LakeUnavailable unavailable() {
        return new LakeUnavailable(message(home.node()), null);
    }

    /** Pure: the sentence, given the node that holds the lake (if known). */
    public static String message(Optional<String> lakeNode) {
        return "This node runs without the lake (SLUICE_LAKE_ENABLED=false): the lake is "
                + lakeNode.map(n -> "on " + n).orElse("on the node that executes lake runs")
                + "; open this page or call this endpoint there.";
    }

    @Override
    public String identity() {
        throw unavailable();
    }

    @Override
    public LakeDialect dialect() {
        throw unavailable();
    }

    @Override
    public <T> T write(String table, LakeWork<T> work) {
        throw unavailable();
    }

    @Override
    public <T> T read(LakeWork<T> work) {
        throw unavailable();
    }

    @Override
    public Staging stage(TableSpec table, String runId, Optional<String> partition) {
        throw unavailable();
    }

    @Override
    public Optional<String> rollbackProblem(TableSpec table, RollbackTarget target, Optional<String> partition) {
        throw unavailable();
    }

    @Override
    public RollbackOutcome rollback(
            TableSpec table,
            RollbackTarget target,
            String runId,
            Optional<String> partition,
            Optional<BusinessDates> dates) {
        throw unavailable();
    }

    @Override
    public Optional<RollbackOutcome> rollbackOf(TableSpec table, String runId) {
        throw unavailable();
    }

    @Override
    public RunLake forRun(String runId) {
        return this;
    }

    @Override
    public int interrupt(String runId) {
        return 0;
    }

    @Override
    public List<LakeWrite> writesOf(String runId) {
        throw unavailable();
    }

    @Override
    public void close() {}

    @Override
    public List<TableInfo> tables() {
        throw unavailable();
    }

    @Override
    public Optional<TableInfo> table(String name) {
        throw unavailable();
    }

    @Override
    public Map<String, Long> currentRows(Collection<String> names) {
        throw unavailable();
    }

    @Override
    public Page rows(
            String name,
            Optional<LocalDate> businessDate,
            Optional<Instant> systemTime,
            Optional<String> key,
            int limit,
            Optional<Position> position) {
        throw unavailable();
    }

    @Override
    public Changes changes(String name, String runId, int limit) {
        throw unavailable();
    }

    @Override
    public List<WriteSummary> writes(String name, int limit) {
        throw unavailable();
    }

    @Override
    public QueryResult query(String sql, int maxRows, java.time.Duration timeLimit) {
        throw unavailable();
    }

    @Override
    public RollbackPreview rollbackPreview(String name, RollbackTarget target) {
        throw unavailable();
    }
}
