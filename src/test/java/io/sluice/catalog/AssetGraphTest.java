package io.sluice.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AssetGraphTest {

    private static AssetKey k(String key) {
        return AssetKey.parse(key);
    }

    @Test
    void ordersUpstreamBeforeDownstream() {
        AssetGraph graph = AssetGraph.of(Map.of(
                k("t/identity"), Set.of(k("r/raw")),
                k("t/ownership"), Set.of(k("r/raw")),
                k("r/raw"), Set.of(k("e/extract")),
                k("e/extract"), Set.of()));
        assertThat(graph.topologicalOrder())
                .containsExactly(k("e/extract"), k("r/raw"), k("t/identity"), k("t/ownership"));
        assertThat(graph.inDependencyOrder(List.of(k("t/ownership"), k("e/extract"))))
                .containsExactly(k("e/extract"), k("t/ownership"));
        assertThat(graph.downstreamOf(k("r/raw"))).containsExactlyInAnyOrder(k("t/identity"), k("t/ownership"));
        assertThat(graph.upstreamOf(k("r/raw"))).containsExactly(k("e/extract"));
    }

    @Test
    void aCycleIsRejectedNamingEveryAssetInIt() {
        assertThatThrownBy(() -> AssetGraph.of(Map.of(
                        k("a/one"), Set.of(k("a/three")),
                        k("a/two"), Set.of(k("a/one")),
                        k("a/three"), Set.of(k("a/two")),
                        k("a/other"), Set.of())))
                .isInstanceOf(CatalogException.class)
                .hasMessageContaining("dependency cycle")
                .hasMessageContaining("a/one")
                .hasMessageContaining("a/two")
                .hasMessageContaining("a/three")
                .hasMessageNotContaining("a/other");
    }

    @Test
    void aMissingDependencyIsRejectedNamingBothAssets() {
        assertThatThrownBy(() -> AssetGraph.of(Map.of(k("t/x"), Set.of(k("r/missing")))))
                .isInstanceOf(CatalogException.class)
                .hasMessage("asset t/x depends on r/missing, which is not declared");
    }
}
