package io.sluice.partitions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.testing.Draw;
import io.sluice.testing.Property;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Subsets of real spaces against a naive model: a Set of key strings. */
class PartitionSubsetPropertiesTest {

    private static final PartitionSpace STATIC = new StaticPartitions(
                    IntStream.range(0, 60).mapToObj(i -> "k" + i).collect(Collectors.toList()))
            .at(Instant.EPOCH);
    private static final PartitionSpace DAYS = TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1))
            .withZone(ZoneId.of("Europe/Berlin"))
            .at(Instant.parse("2024-03-01T00:00:00Z"));

    record Two(Set<String> a, Set<String> b) {}

    static Set<String> staticKeys(Draw d) {
        return d.setOf(0, 40, () -> d.of(STATIC.keys()));
    }

    static Set<String> dayKeys(Draw d) {
        return d.setOf(0, 50, () -> d.of(DAYS.keys()));
    }

    @Test
    void staticSubsetsBehaveLikeSetsOfKeys() {
        Property.tries(1000)
                .check(d -> new Two(staticKeys(d), staticKeys(d)), two -> checkAlgebra(STATIC, two.a(), two.b()));
    }

    @Test
    void timeWindowSubsetsBehaveLikeSetsOfKeys() {
        Property.tries(1000).check(d -> new Two(dayKeys(d), dayKeys(d)), two -> checkAlgebra(DAYS, two.a(), two.b()));
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
        List<String> inIndexOrder =
                space.keys().stream().filter(model::contains).collect(Collectors.toList());
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

    private static Set<String> filter(Set<String> a, Predicate<String> keep) {
        return a.stream().filter(keep).collect(Collectors.toSet());
    }

    @Test
    void subsetsOfDifferentSpacesDoNotMix() {
        Property.tries(10).check(PartitionSubsetPropertiesTest::staticKeys, a -> {
            PartitionSubset days = DAYS.all();
            assertThatThrownBy(() -> STATIC.subset(a).union(days)).hasMessageContaining("do not mix");
        });
    }
}
