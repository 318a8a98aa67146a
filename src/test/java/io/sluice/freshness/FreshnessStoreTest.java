package io.sluice.freshness;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.sluice.catalog.AssetKey;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The freshness store's guarded transitions: each made once, on H2 here and on PostgreSQL in a subclass. */
@QuarkusTest
class FreshnessStoreTest {

    @Inject
    FreshnessStore store;

    @Test
    void ofTwoEvaluationsRacingForOneTransitionOnlyOneMakesIt() {
        AssetKey key = AssetKey.parse("test/freshness_race");
        Instant t = Instant.parse("2020-01-01T00:00:00Z");
        Optional<FreshnessState> none = Optional.empty();
        Optional<FreshnessState> stale = Optional.of(FreshnessState.STALE);
        assertThat(store.transition(key, FreshnessStore.ASSET, none, FreshnessState.STALE, t, "late", t))
                .isTrue();
        assertThat(store.transition(key, FreshnessStore.ASSET, none, FreshnessState.STALE, t, "late", t))
                .isFalse();
        assertThat(store.transition(key, FreshnessStore.ASSET, stale, FreshnessState.FRESH, t, "ok", t))
                .isTrue();
        assertThat(store.transition(key, FreshnessStore.ASSET, stale, FreshnessState.FRESH, t, "ok", t))
                .isFalse();
        assertThat(store.transition(key, "2020-01-01", none, FreshnessState.STALE, t, "late", t))
                .isTrue();
        assertThat(store.transition(key, "2020-01-01", stale, FreshnessState.FRESH, t, "ok", t))
                .isTrue();
        assertThat(store.transition(key, "2020-01-01", stale, FreshnessState.FRESH, t, "ok", t))
                .isFalse();
        assertThat(store.of(key))
                .extracting(FreshnessStore.Recorded::partition, FreshnessStore.Recorded::state)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(FreshnessStore.ASSET, FreshnessState.FRESH));
    }
}
