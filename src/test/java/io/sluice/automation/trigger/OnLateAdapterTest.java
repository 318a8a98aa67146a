package io.sluice.automation.trigger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.automation.AssetPartition;
import io.sluice.automation.TriggerCursor;
import io.sluice.automation.TriggerPolicy;
import io.sluice.catalog.AssetKey;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.FreshnessPolicy;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The adapter's share of {@code on_late}: its declaration needs a freshness policy, its cursor keeps what it gave up. */
class OnLateAdapterTest {

    private static final AssetKey REPORT = AssetKey.of("hub", "report");

    @Test
    void onLateOnAnAssetWithoutAFreshnessPolicyFailsStartUpSayingSo() {
        List<AssetSpec<?>> specs = List.of(AssetSpec.builder(REPORT.toString()).build());
        assertThatThrownBy(() -> TriggerDeclarations.build(
                        specs, List.of(AssetAutomation.of(REPORT.toString(), TriggerPolicy.onLate()))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("hub/report", "on_late", "no freshness policy");

        List<AssetSpec<?>> fresh = List.of(AssetSpec.builder(REPORT.toString())
                .freshness(FreshnessPolicy.maxAge(Duration.ofHours(1), Duration.ofHours(2)))
                .build());
        assertThat(TriggerDeclarations.build(
                                fresh, List.of(AssetAutomation.of(REPORT.toString(), TriggerPolicy.onLate())))
                        .policy(REPORT))
                .contains(TriggerPolicy.onLate());
    }

    @Test
    void theCursorKeepsTheGivenUpPartitionsAndAnOlderCursorReadsWithNone() {
        CursorCodec codec = new CursorCodec(new ObjectMapper());
        TriggerCursor cursor = new TriggerCursor(
                42,
                Map.of(),
                Set.of(),
                Set.of(),
                Set.of(),
                Set.of(new TriggerCursor.Retry(
                        AssetPartition.of(REPORT, "2024-05-07"), 2, Instant.parse("2024-05-08T06:00:00Z"), "r1")),
                Set.of(AssetPartition.of(REPORT, "2024-05-06"), AssetPartition.whole(REPORT)));
        assertThat(codec.read(Optional.of(codec.write(cursor)), TriggerCursor.START))
                .isEqualTo(cursor);

        TriggerCursor older = codec.read(
                Optional.of("{\"sequence\":7,\"cronTicks\":{},\"held\":[],\"waiting\":[]}"), TriggerCursor.START);
        assertThat(older.givenUp()).isEmpty();
        assertThat(older.eventSequence()).isEqualTo(7);
    }
}
