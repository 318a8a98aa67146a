package io.sluice.catalog;

import java.util.List;
import java.util.Optional;

/**
 * An asset that processes entities (firms, customers) by key. Sluice resolves the run's mode into
 * batches of keys and calls {@link #processBatch} for each; the asset never sees the mode:
 * <ul>
 *   <li>INCREMENTAL: {@link #changedKeys} since the watermark of the last successful run
 *       (all keys when there is none yet);</li>
 *   <li>FULL_REFRESH: {@link #allKeys};</li>
 *   <li>SINGLE_KEY: the keys given in the request.</li>
 * </ul>
 * A successful run stores {@link #currentWatermark} (read before any key is listed) as the asset's
 * new watermark, so changes that arrive during a run are picked up by the next one.
 */
public interface KeyedAsset<C extends Record> extends Asset<C> {

    /** Every key the asset knows, in a stable order. */
    List<String> allKeys(AssetContext<C> context) throws Exception;

    /** Keys whose source changed after {@code sinceWatermark} and up to {@code untilWatermark}. */
    List<String> changedKeys(AssetContext<C> context, String sinceWatermark, String untilWatermark) throws Exception;

    /** The position of the source now (for example the latest source date); empty if there is no source data. */
    Optional<String> currentWatermark(AssetContext<C> context) throws Exception;

    /** Processes one batch of keys; must be idempotent. */
    MaterializeResult processBatch(AssetContext<C> context, List<String> keys) throws Exception;

    /** Keyed assets are materialized batch by batch; Sluice never calls this. */
    @Override
    default MaterializeResult materialize(AssetContext<C> context) {
        throw new UnsupportedOperationException("keyed assets are materialized through processBatch");
    }
}
