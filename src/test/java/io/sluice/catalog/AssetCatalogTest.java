package io.sluice.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class AssetCatalogTest {

    record Plain(AssetSpec<AssetSpec.NoConfig> spec) implements Asset<AssetSpec.NoConfig> {
        @Override
        public MaterializeResult materialize(AssetContext<AssetSpec.NoConfig> context) {
            return MaterializeResult.rows(0);
        }
    }

    private static Plain asset(String key, String... deps) {
        return new Plain(AssetSpec.builder(key).deps(deps).build());
    }

    @Test
    void buildsFromDeclaredAssets() {
        AssetCatalog catalog = AssetCatalog.of(List.of(asset("b/two", "a/one"), asset("a/one")));
        assertThat(catalog.find(AssetKey.parse("b/two"))).isPresent();
        assertThat(catalog.graph().topologicalOrder())
                .extracting(AssetKey::toString)
                .containsExactly("a/one", "b/two");
    }

    @Test
    void rejectsADuplicateKey() {
        assertThatThrownBy(() -> AssetCatalog.of(List.of(asset("a/one"), asset("a/one"))))
                .isInstanceOf(CatalogException.class)
                .hasMessageContaining("a/one is declared twice");
    }

    @Test
    void rejectsACycleAtStartup() {
        assertThatThrownBy(() -> AssetCatalog.of(List.of(asset("a/one", "a/two"), asset("a/two", "a/one"))))
                .isInstanceOf(CatalogException.class)
                .hasMessageContaining("a/one -> a/two -> a/one");
    }

    @Test
    void rejectsAnAssetDependingOnItself() {
        assertThatThrownBy(() -> asset("a/one", "a/one"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("depends on itself");
    }

    @Test
    void assetKeysNeedAGroupAndValidSegments() {
        assertThat(AssetKey.parse("transform/form_adv_firm_identity").group()).isEqualTo("transform");
        assertThatThrownBy(() -> AssetKey.parse("nogroup")).hasMessageContaining("group/name");
        assertThatThrownBy(() -> AssetKey.parse("a/b c")).hasMessageContaining("invalid asset key segment");
        assertThatThrownBy(() -> AssetKey.parse("a//b")).hasMessageContaining("invalid asset key segment");
    }
}
