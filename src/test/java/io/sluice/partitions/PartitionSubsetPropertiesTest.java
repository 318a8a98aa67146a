package io.sluice.partitions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Subsets of real spaces against a naive model: a Set of key strings. */
class PartitionSubsetPropertiesTest {

    private static final PartitionSpace STATIC = new StaticPartitions(
            IntStream.range(0, 60).mapToObj(i -> "k" + i).collect(Collectors.toList())).at(Instant.EPOCH);
    private static final PartitionSpace DAYS = TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1)).withZone(ZoneId.of("Europe/Berlin"))
            .at(Instant.parse("2024-03-01T00:00:00Z"));

    @Provide
    Arbitrary<Set<String>> staticKeys() {
        return Arbitraries.of(STATIC.keys()).set().ofMaxSize(40);
    }

    @Provide
    Arbitrary<Set<String>> dayKeys() {
        return Arbitraries.of(DAYS.keys()).set().ofMaxSize(50);
    }

    @Property
    void staticSubsetsBehaveLikeSetsOfKeys(@ForAll("staticKeys") Set<String> a, @ForAll("staticKeys") Set<String> b) {
        checkAlgebra(STATIC, a, b);
    }

    @Property
    void timeWindowSubsetsBehaveLikeSetsOfKeys(@ForAll("dayKeys") Set<String> a, @ForAll("dayKeys") Set<String> b) {
        checkAlgebra(DAYS, a, b);
    }

    private static void checkAlgebra(PartitionSpace space, Set<String> a, Set<String> b) {
        PartitionSubset x = space.subset(a);
        PartitionSubset y = space.subset(b);
        assertModel(x.union(y), space, union(a, b));
        assertModel(x.intersect(y), space, filter(a, b::contains));
        assertModel(x.minus(y), space, filter(a, k -> !b.contains(k)));
        assertModel(x.complement(), space, filter(Set.copyOf(space.keys()), k -> !a.contains(k)));
        for (String key : space.keys()) {
            assertThat(x.contains(key)).isEqualTo(a.contains(key));
        }
        assertThat(x.contains("not a key")).isFalse();
    }

    private static void assertModel(PartitionSubset subset, PartitionSpace space, Set<String> model) {
        List<String> inIndexOrder = space.keys().stream().filter(model::contains).collect(Collectors.toList());
        assertThat(subset.count()).isEqualTo(model.size());
        assertThat(subset.keys()).containsExactlyElementsOf(inIndexOrder);
        List<String> expanded = new ArrayList<>();
        for (PartitionKeyRange range : subset.keyRanges()) {
            expanded.addAll(space.subset(range).keys());
        }
        assertThat(expanded).containsExactlyElementsOf(inIndexOrder);
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> out = new LinkedHashSet<>(a);
        out.addAll(b);
        return out;
    }

    private static Set<String> filter(Set<String> a, java.util.function.Predicate<String> keep) {
        return a.stream().filter(keep).collect(Collectors.toSet());
    }

    @Property(tries = 10)
    void subsetsOfDifferentSpacesDoNotMix(@ForAll("staticKeys") Set<String> a) {
        PartitionSubset days = DAYS.all();
        assertThatThrownBy(() -> STATIC.subset(a).union(days)).hasMessageContaining("do not mix");
    }
}
