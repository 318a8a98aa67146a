package io.sluice.partitions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class KeyListAndMultiPartitionsTest {

    private static final Instant NOW = Instant.parse("2024-01-05T10:00:00Z");
    private static final StaticPartitions REGIONS = StaticPartitions.of("us", "eu", "apac");
    private static final TimeWindowPartitions DAYS = TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1));

    @Test
    void staticKeysKeepTheirOrderAndExplainWhatIsValid() {
        assertThat(REGIONS.keys(NOW)).containsExactly("us", "eu", "apac");
        assertThat(REGIONS.validate("eu", NOW)).isEmpty();
        assertThat(REGIONS.validate("mars", NOW)).hasValue("'mars' is not a partition: expected one of [us, eu, apac]");
        assertThat(REGIONS.describe()).isEqualTo("static [us, eu, apac]");
        assertThat(REGIONS.at(NOW).subset(new PartitionKeyRange("eu", "apac")).keys())
                .containsExactly("eu", "apac");
    }

    @Test
    void staticKeysMustBeUsable() {
        assertThatThrownBy(() -> StaticPartitions.of()).hasMessageContaining("at least one key");
        assertThatThrownBy(() -> StaticPartitions.of("a", "a")).hasMessageContaining("'a' is listed twice");
        assertThatThrownBy(() -> StaticPartitions.of("a|b")).hasMessageContaining("must not contain '|'");
        assertThatThrownBy(() -> StaticPartitions.of("a...b")).hasMessageContaining("must not contain '...'");
        assertThatThrownBy(() -> StaticPartitions.of(" ")).hasMessageContaining("must not be blank");
        assertThatThrownBy(() -> StaticPartitions.of("a,b")).hasMessageContaining("must not contain ','");
        assertThatThrownBy(() -> StaticPartitions.of(" a")).hasMessageContaining("white space");
        assertThatThrownBy(() -> StaticPartitions.of("k".repeat(201)))
                .hasMessageContaining("longer than 200 characters");
        assertThat(StaticPartitions.of("k".repeat(200)).validate("k".repeat(200), NOW))
                .isEmpty();
    }

    /** A store stand-in: keys added and removed at run time. */
    private static final class Store implements DynamicPartitionKeys {
        final Map<String, List<String>> keys = new HashMap<>();
        final AtomicInteger listings = new AtomicInteger();

        @Override
        public List<String> keys(String name) {
            listings.incrementAndGet();
            return List.copyOf(keys.getOrDefault(name, List.of()));
        }

        @Override
        public boolean contains(String name, String key) {
            return keys.getOrDefault(name, List.of()).contains(key);
        }
    }

    @Test
    void dynamicKeysComeFromTheLookupAndSubsetsBelongToTheirSnapshot() {
        Store store = new Store();
        DynamicPartitions customers = new DynamicPartitions("customers", store);
        assertThat(customers.keys(NOW)).isEmpty();
        store.keys.put("customers", new ArrayList<>(List.of("acme", "globex")));
        PartitionSpace before = customers.at(NOW);
        assertThat(before.keys()).containsExactly("acme", "globex");

        assertThat(customers.validate("acme", NOW)).isEmpty();
        assertThat(customers.validate("initech", NOW))
                .hasValue("'initech' is not a partition of dynamic partitions 'customers' (add it first)");
        int listings = store.listings.get();
        customers.validate("globex", NOW);
        assertThat(store.listings.get())
                .as("validating one key does not list them all")
                .isEqualTo(listings);

        store.keys.get("customers").remove("acme");
        store.keys.get("customers").add("initech");
        PartitionSpace after = customers.at(NOW);
        assertThat(after.keys()).containsExactly("globex", "initech");
        assertThat(after.indexOf("globex")).hasValue(0);
        assertThatThrownBy(() -> before.all().union(after.all())).hasMessageContaining("do not mix");
        assertThat(customers.describe()).isEqualTo("dynamic 'customers'");
        assertThat(DynamicPartitions.checkNewKey("a|b")).isPresent();
        assertThat(DynamicPartitions.checkNewKey("cust-42")).isEmpty();
        store.keys.put("customers", List.of("dup", "dup"));
        assertThatThrownBy(() -> customers.at(NOW)).hasMessageContaining("lists the key 'dup' twice");
    }

    @Test
    void multiDimensionalKeysJoinOneKeyPerDimension() {
        MultiPartitions sales =
                MultiPartitions.of(PartitionDimension.of("date", DAYS), PartitionDimension.of("region", REGIONS));
        MultiSpace space = sales.at(NOW);
        assertThat(space.size()).isEqualTo(12);
        assertThat(space.keys()).startsWith("2024-01-01|us", "2024-01-01|eu", "2024-01-01|apac", "2024-01-02|us");
        assertThat(space.indexOf("2024-01-02|eu")).hasValue(4);
        assertThat(space.keyAt(space.index(3, 2))).isEqualTo("2024-01-04|apac");
        assertThat(sales.key("2024-01-02", "eu")).isEqualTo("2024-01-02|eu");
        assertThat(sales.dimensionKeys("2024-01-02|eu"))
                .containsExactly(Map.entry("date", "2024-01-02"), Map.entry("region", "eu"));
        assertThat(space.subset(new PartitionKeyRange("2024-01-02|us", "2024-01-02|apac"))
                        .ranges()
                        .rangeCount())
                .as("one date is one range when the date comes first")
                .isEqualTo(1);
        assertThat(sales.describe())
                .isEqualTo("multi (date: daily from 2024-01-01 (UTC) × region: static [us, eu, apac])");
    }

    @Test
    void multiDimensionalValidationNamesTheDimension() {
        MultiPartitions sales = MultiPartitions.of(
                PartitionDimension.of("date", DAYS),
                PartitionDimension.of("region", REGIONS),
                PartitionDimension.of("channel", StaticPartitions.of("web", "shop")));
        assertThat(sales.validate("2024-01-02|eu|web", NOW)).isEmpty();
        assertThat(sales.validate("2024-01-02|eu", NOW))
                .get()
                .asString()
                .contains("expected 3 keys separated by '|', like 2024-01-01|us|web");
        assertThat(sales.validate("2024-01-09|eu|web", NOW))
                .get()
                .asString()
                .isEqualTo(
                        "dimension 'date' of '2024-01-09|eu|web': partition 2024-01-09 does not exist yet (last is 2024-01-04)");
        assertThat(sales.validate("2024-01-02|mars|web", NOW)).get().asString().startsWith("dimension 'region' of");
    }

    @Test
    void dimensionsMustBeNamedOnceAndNotNested() {
        MultiPartitions inner = MultiPartitions.of(PartitionDimension.of("a", REGIONS));
        assertThatThrownBy(() -> PartitionDimension.of("x", inner))
                .hasMessageContaining("must be time-window, static or dynamic");
        assertThatThrownBy(() -> PartitionDimension.of("x", Unpartitioned.INSTANCE))
                .hasMessageContaining("must be time-window");
        assertThatThrownBy(() -> PartitionDimension.of("a|b", REGIONS))
                .hasMessageContaining("must not be blank or contain '|'");
        assertThatThrownBy(
                        () -> MultiPartitions.of(PartitionDimension.of("a", REGIONS), PartitionDimension.of("a", DAYS)))
                .hasMessageContaining("'a' is listed twice");
        assertThatThrownBy(() -> MultiPartitions.of()).hasMessageContaining("at least one dimension");
    }

    @Test
    void unpartitionedHasNoKeys() {
        assertThat(Unpartitioned.INSTANCE.keys(NOW)).isEmpty();
        assertThat(Unpartitioned.INSTANCE.at(NOW).size()).isZero();
        assertThat(PartitionsDefinition.none().isPartitioned()).isFalse();
    }
}
