package io.sluice.runs.execute;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.runs.MaterializationMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class KeyResolverTest {

    /** A key source that records what was asked of it. */
    static final class FakeSource implements KeyResolver.KeySource {
        final List<String> calls = new ArrayList<>();
        Optional<String> watermark = Optional.of("2024-06-30");

        @Override
        public List<String> allKeys() {
            calls.add("all");
            return List.of("1", "2", "3", "2");
        }

        @Override
        public List<String> changedKeys(String since, String until) {
            calls.add("changed " + since + ".." + until);
            return List.of("2");
        }

        @Override
        public Optional<String> currentWatermark() {
            calls.add("watermark");
            return watermark;
        }
    }

    @Test
    void incrementalTakesTheKeysChangedSinceTheLastWatermark() throws Exception {
        FakeSource source = new FakeSource();
        KeySelection s =
                KeyResolver.resolve(MaterializationMode.INCREMENTAL, List.of(), Optional.of("2024-01-01"), source);
        assertThat(s.keys()).containsExactly("2");
        assertThat(s.watermarkOnSuccess()).contains("2024-06-30");
        assertThat(s.complete())
                .as("only the changed keys: the write replaces their scopes")
                .isFalse();
        assertThat(source.calls).containsExactly("watermark", "changed 2024-01-01..2024-06-30");
    }

    @Test
    void incrementalWithoutAWatermarkTakesEverything() throws Exception {
        KeySelection s =
                KeyResolver.resolve(MaterializationMode.INCREMENTAL, List.of(), Optional.empty(), new FakeSource());
        assertThat(s.keys()).containsExactly("1", "2", "3");
        assertThat(s.watermarkOnSuccess()).contains("2024-06-30");
        assertThat(s.complete()).as("a first incremental run is a full load").isTrue();
    }

    @Test
    void incrementalWithNothingNewTakesNothingAndKeepsTheWatermark() throws Exception {
        FakeSource source = new FakeSource();
        KeySelection s =
                KeyResolver.resolve(MaterializationMode.INCREMENTAL, List.of(), Optional.of("2024-06-30"), source);
        assertThat(s.keys()).isEmpty();
        assertThat(s.watermarkOnSuccess()).contains("2024-06-30");
        source.watermark = Optional.empty();
        KeySelection empty =
                KeyResolver.resolve(MaterializationMode.INCREMENTAL, List.of(), Optional.of("2024-06-30"), source);
        assertThat(empty.keys()).isEmpty();
        assertThat(empty.watermarkOnSuccess()).contains("2024-06-30");
    }

    @Test
    void fullRefreshTakesEveryKeyOnce() throws Exception {
        KeySelection s = KeyResolver.resolve(
                MaterializationMode.FULL_REFRESH, List.of(), Optional.of("2020-01-01"), new FakeSource());
        assertThat(s.keys()).containsExactly("1", "2", "3");
        assertThat(s.complete()).isTrue();
        assertThat(s.watermarkOnSuccess()).contains("2024-06-30");
    }

    @Test
    void singleKeyTakesTheRequestedKeysAndNeverMovesTheWatermark() throws Exception {
        FakeSource source = new FakeSource();
        KeySelection s = KeyResolver.resolve(
                MaterializationMode.SINGLE_KEY, List.of("9", "9", "7"), Optional.of("2020-01-01"), source);
        assertThat(s.keys()).containsExactly("9", "7");
        assertThat(s.watermarkOnSuccess()).isEmpty();
        assertThat(s.complete()).isFalse();
        assertThat(source.calls).isEmpty();
    }

    @Test
    void batchesSplitKeysInOrder() {
        KeySelection s = new KeySelection(List.of("a", "b", "c", "d", "e"), Optional.empty(), false);
        assertThat(s.batches(2)).containsExactly(List.of("a", "b"), List.of("c", "d"), List.of("e"));
        assertThat(s.batches(5000)).containsExactly(List.of("a", "b", "c", "d", "e"));
        assertThat(new KeySelection(List.of(), Optional.empty(), false).batches(3))
                .isEmpty();
        assertThatThrownBy(() -> s.batches(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
