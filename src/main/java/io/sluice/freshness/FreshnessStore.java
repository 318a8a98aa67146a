package io.sluice.freshness;

import io.sluice.catalog.AssetKey;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The storage port of recorded freshness: one row per asset with a policy ({@link #ASSET}) and one per partition that
 * is not fresh. Each change is its own transaction, guarded by the state it changes from, so that of two evaluations
 * (two threads, two nodes) one makes a transition and the other learns it lost.
 */
public interface FreshnessStore {

    /** The partition key of an asset's own row. */
    String ASSET = "";

    /** A recorded state. */
    record Recorded(AssetKey asset, String partition, FreshnessState state, Instant since, String detail) {}

    /** The rows of an asset: its own and those of its partitions that are not fresh. */
    List<Recorded> of(AssetKey asset);

    /** The asset rows of every asset recorded. */
    Map<AssetKey, Recorded> assets();

    /**
     * Records {@code to} where the row was {@code from} (empty: there was no row); false when another evaluation changed
     * it first. {@code to} FRESH for a partition removes its row.
     */
    boolean transition(
            AssetKey asset,
            String partition,
            Optional<FreshnessState> from,
            FreshnessState to,
            Instant since,
            String detail,
            Instant now);

    /** Updates the sentence of a row still in {@code state}, with no transition. */
    void describe(AssetKey asset, String partition, FreshnessState state, String detail);

    /** Removes a partition's row without a transition (it left the look-back without being materialized). */
    void forget(AssetKey asset, String partition, FreshnessState state);
}
