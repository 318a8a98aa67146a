package io.sluice.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class LineageGraphTest {

    private static LineageGraph.Asset asset(String key, String status, String... upstream) {
        return new LineageGraph.Asset(key, "about " + key, false, status, Set.of(upstream));
    }

    private static Map<String, LineageGraph.Node> byKey(LineageGraph graph) {
        return graph.nodes().stream().collect(Collectors.toMap(LineageGraph.Node::key, Function.identity()));
    }

    /** a -> b -> d, a -> c, c -> d, e alone: d is one layer right of its deepest upstream (b and c are both in 1). */
    private static final List<LineageGraph.Asset> DIAMOND = List.of(
            asset("g/d", "FAILURE", "g/b", "g/c"),
            asset("g/a", "SUCCESS"),
            asset("g/c", "NEVER", "g/a"),
            asset("g/b", "STARTED", "g/a"),
            asset("h/e", "NEVER"));

    @Test
    void anAssetSitsOneLayerRightOfItsDeepestUpstream() {
        LineageGraph graph = LineageGraph.of(DIAMOND, Optional.empty());
        Map<String, LineageGraph.Node> nodes = byKey(graph);
        assertThat(nodes.get("g/a").layer()).isZero();
        assertThat(nodes.get("h/e").layer()).isZero();
        assertThat(nodes.get("g/b").layer()).isEqualTo(1);
        assertThat(nodes.get("g/c").layer()).isEqualTo(1);
        assertThat(nodes.get("g/d").layer()).isEqualTo(2);
        assertThat(graph.layers()).isEqualTo(3);
        assertThat(graph.byLayer()).extracting(l -> l.nodes().size()).containsExactly(2, 2, 1);
        assertThat(graph.rows()).isEqualTo(2);
    }

    @Test
    void aLongerPathPushesAnAssetFurtherRight() {
        // x depends on a directly and on a -> b -> c: x goes right of c, not next to a
        LineageGraph graph = LineageGraph.of(
                List.of(
                        asset("g/a", "NEVER"),
                        asset("g/b", "NEVER", "g/a"),
                        asset("g/c", "NEVER", "g/b"),
                        asset("g/x", "NEVER", "g/a", "g/c")),
                Optional.empty());
        assertThat(byKey(graph).get("g/x").layer()).isEqualTo(3);
    }

    @Test
    void edgesPointDownstreamAndNodesKnowBothDirectionsAndTheirStatus() {
        LineageGraph graph = LineageGraph.of(DIAMOND, Optional.empty());
        assertThat(graph.edges())
                .containsExactlyInAnyOrder(
                        new LineageGraph.Edge("g/a", "g/b"),
                        new LineageGraph.Edge("g/a", "g/c"),
                        new LineageGraph.Edge("g/b", "g/d"),
                        new LineageGraph.Edge("g/c", "g/d"));
        LineageGraph.Node a = byKey(graph).get("g/a");
        assertThat(a.downstream()).containsExactly("g/b", "g/c");
        assertThat(a.upstream()).isEmpty();
        assertThat(a.status()).isEqualTo("SUCCESS");
        assertThat(a.group()).isEqualTo("g");
        assertThat(a.name()).isEqualTo("a");
        assertThat(byKey(graph).get("g/d").upstream()).containsExactly("g/b", "g/c");
        assertThat(graph.groups()).containsExactly("g", "h");
    }

    @Test
    void rowsWithinALayerFollowTheirUpstreamSoEdgesCrossLess() {
        // layer 0 is a1, a2 by key; b2 hangs off a1 and b1 off a2: b2 comes first although b1 sorts first
        LineageGraph graph = LineageGraph.of(
                List.of(
                        asset("g/a1", "NEVER"),
                        asset("g/a2", "NEVER"),
                        asset("g/b1", "NEVER", "g/a2"),
                        asset("g/b2", "NEVER", "g/a1")),
                Optional.empty());
        Map<String, LineageGraph.Node> nodes = byKey(graph);
        assertThat(nodes.get("g/a1").row()).isZero();
        assertThat(nodes.get("g/a2").row()).isEqualTo(1);
        assertThat(nodes.get("g/b2").row()).isZero();
        assertThat(nodes.get("g/b1").row()).isEqualTo(1);
        // nodes come layer by layer, row by row
        assertThat(graph.nodes()).extracting(LineageGraph.Node::key).containsExactly("g/a1", "g/a2", "g/b2", "g/b1");
    }

    @Test
    void aGroupFilterKeepsThatGroupsAssetsAndNamesTheirLinksElsewhere() {
        LineageGraph graph = LineageGraph.of(
                List.of(
                        asset("raw/a", "SUCCESS"),
                        asset("mart/b", "NEVER", "raw/a"),
                        asset("mart/c", "NEVER", "mart/b")),
                Optional.of("mart"));
        assertThat(graph.group()).isEqualTo("mart");
        assertThat(graph.groups()).containsExactly("mart", "raw");
        assertThat(graph.nodes()).extracting(LineageGraph.Node::key).containsExactly("mart/b", "mart/c");
        assertThat(graph.edges()).containsExactly(new LineageGraph.Edge("mart/b", "mart/c"));
        // b is a source within the group, yet still names its upstream in raw
        assertThat(byKey(graph).get("mart/b").layer()).isZero();
        assertThat(byKey(graph).get("mart/b").upstream()).containsExactly("raw/a");
    }

    @Test
    void anEmptyCatalogIsAnEmptyGraph() {
        LineageGraph graph = LineageGraph.of(List.of(), Optional.empty());
        assertThat(graph.nodes()).isEmpty();
        assertThat(graph.layers()).isZero();
        assertThat(graph.byLayer()).isEmpty();
    }

    @Test
    void aThousandAssetChainAndFanOutIsLaidOutWithoutRecursion() {
        // a chain of 1,000 assets would overflow a naive recursive depth-first walk's stack only far beyond this, but
        // the layers must still come out exact: asset i is in layer i
        List<LineageGraph.Asset> chain = new java.util.ArrayList<>();
        chain.add(asset("g/n0000", "NEVER"));
        for (int i = 1; i < 1000; i++) {
            chain.add(asset(String.format("g/n%04d", i), "NEVER", String.format("g/n%04d", i - 1)));
        }
        LineageGraph graph = LineageGraph.of(chain, Optional.empty());
        assertThat(graph.layers()).isEqualTo(1000);
        assertThat(byKey(graph).get("g/n0999").layer()).isEqualTo(999);
    }
}
