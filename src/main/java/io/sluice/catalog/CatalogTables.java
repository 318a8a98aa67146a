package io.sluice.catalog;

import io.sluice.lake.DeclaredTables;
import io.sluice.lake.TableSpec;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;

/** The tables the catalog's assets declare, for the lake's table listings. */
@ApplicationScoped
public class CatalogTables implements DeclaredTables {

    private final AssetCatalog catalog;

    public CatalogTables(AssetCatalog catalog) {
        this.catalog = catalog;
    }

    @Override
    public Optional<Declared> declared(String name) {
        for (Asset<?> asset : catalog.all()) {
            Optional<TableSpec> table = asset.spec().table();
            if (table.isPresent() && table.get().name().equalsIgnoreCase(name)) {
                return Optional.of(new Declared(asset.spec().key().toString(), table.get()));
            }
        }
        return Optional.empty();
    }
}
