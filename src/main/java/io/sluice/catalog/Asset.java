package io.sluice.catalog;

/**
 * A software-defined asset. Declare one as a CDI bean ({@code @ApplicationScoped}) implementing this
 * interface, or {@link KeyedAsset} for assets that process entities. Sluice discovers every such bean
 * at startup and builds the catalog from them.
 *
 * @param <C> the run config record, validated with Bean Validation before a run is stored
 */
public interface Asset<C extends Record> {

    AssetSpec<C> spec();

    /** Computes and writes the asset (or one partition of it: {@link AssetContext#partition()}). */
    MaterializeResult materialize(AssetContext<C> context) throws Exception;
}
