package io.sluice.catalog;

import io.quarkus.runtime.Startup;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Every asset declared as a CDI bean, checked at startup: a duplicate key, a missing dependency or a
 * cycle stops the application with a message naming the assets.
 */
@Startup
@ApplicationScoped
public class AssetCatalog {

    @Inject
    @Any
    Instance<Asset<?>> beans;

    private SortedMap<AssetKey, Asset<?>> assets;
    private AssetGraph graph;

    @PostConstruct
    void build() {
        List<Asset<?>> declared = new ArrayList<>();
        beans.forEach(declared::add);
        init(declared);
    }

    /** Builds the catalog from declared assets (also used by tests without CDI). */
    public static AssetCatalog of(Collection<? extends Asset<?>> declared) {
        AssetCatalog catalog = new AssetCatalog();
        catalog.init(declared);
        return catalog;
    }

    private void init(Collection<? extends Asset<?>> declared) {
        SortedMap<AssetKey, Asset<?>> byKey = new TreeMap<>();
        Map<AssetKey, Set<AssetKey>> deps = new HashMap<>();
        for (Asset<?> asset : declared) {
            AssetSpec<?> spec = asset.spec();
            Asset<?> previous = byKey.put(spec.key(), asset);
            if (previous != null) {
                throw new CatalogException("asset " + spec.key() + " is declared twice: by " + className(previous)
                        + " and by " + className(asset));
            }
            deps.put(spec.key(), spec.deps());
        }
        this.graph = AssetGraph.of(deps);
        this.assets = byKey;
    }

    private static String className(Object bean) {
        String name = bean.getClass().getName();
        int proxy = name.indexOf("_ClientProxy");
        return proxy > 0 ? name.substring(0, proxy) : name;
    }

    public Optional<Asset<?>> find(AssetKey key) {
        return Optional.ofNullable(assets.get(key));
    }

    public Collection<Asset<?>> all() {
        return assets.values();
    }

    public AssetGraph graph() {
        return graph;
    }
}
