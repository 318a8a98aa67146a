package io.sluice.catalog;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/**
 * The catalog of the lineage benchmark only (enabled by {@code LineageBenchProfile}, never in the normal test app): the
 * declared assets plus {@link #SIZE} synthetic ones in 10 groups, each depending on one to three of the 60 assets
 * before it (seeded), which gives a graph of a few dozen layers. Their materialization writes nothing.
 */
@Alternative
@ApplicationScoped
public class ThousandAssetCatalog extends AssetCatalog {

    public static final int SIZE = 1000;

    private AssetCatalog delegate;

    @PostConstruct
    @Override
    void build() {
        List<Asset<?>> all = new ArrayList<>();
        beans.forEach(all::add);
        all.addAll(synthetic(SIZE, 20261202L));
        delegate = AssetCatalog.of(all);
    }

    public static String key(int i) {
        return String.format("bench%d/asset_%04d", i % 10, i);
    }

    static List<Asset<?>> synthetic(int size, long seed) {
        Random random = new Random(seed);
        List<Asset<?>> assets = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            List<String> deps = new ArrayList<>();
            int count = i == 0 ? 0 : 1 + random.nextInt(3);
            for (int d = 0; d < count && i > 0; d++) {
                String dep = key(Math.max(0, i - 1 - random.nextInt(Math.min(i, 60))));
                if (!deps.contains(dep)) {
                    deps.add(dep);
                }
            }
            if (i % 25 == 0) {
                deps.clear(); // a source now and then
            }
            AssetSpec<AssetSpec.NoConfig> spec = AssetSpec.builder(key(i))
                    .description("synthetic asset " + i + " of the lineage benchmark")
                    .deps(deps.toArray(String[]::new))
                    .build();
            assets.add(new Asset<AssetSpec.NoConfig>() {
                @Override
                public AssetSpec<AssetSpec.NoConfig> spec() {
                    return spec;
                }

                @Override
                public MaterializeResult materialize(AssetContext<AssetSpec.NoConfig> context) {
                    return MaterializeResult.rows(0);
                }
            });
        }
        return assets;
    }

    @Override
    public Optional<Asset<?>> find(AssetKey key) {
        return delegate.find(key);
    }

    @Override
    public Collection<Asset<?>> all() {
        return delegate.all();
    }

    @Override
    public AssetGraph graph() {
        return delegate.graph();
    }
}
