package io.sluice.automation.trigger;

import io.quarkus.arc.properties.IfBuildProperty;
import io.sluice.automation.TriggerPolicy;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetContext;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.FreshnessPolicy;
import io.sluice.catalog.MaterializeResult;
import io.sluice.partitions.TimeWindowPartitions;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Produces;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;

/**
 * {@code test/late_daily}, only in {@link OnLateProfile}: days of May 2024, each due by 06:00 UTC the next day (a
 * warning from 04:00), materialized {@code on_late}. Its days end with May, so at the system's date it is late by
 * nothing and launches nothing.
 */
public final class OnLateAssets {

    static final String ON = "on_late";

    private OnLateAssets() {}

    @ApplicationScoped
    @IfBuildProperty(name = TestTriggerPolicies.PROPERTY, stringValue = ON)
    public static class LateDaily implements Asset<AssetSpec.NoConfig> {
        @Override
        public AssetSpec<AssetSpec.NoConfig> spec() {
            return AssetSpec.builder("test/late_daily")
                    .partitions(
                            TimeWindowPartitions.daily(LocalDate.of(2024, 5, 1)).withEnd(LocalDate.of(2024, 6, 1)))
                    .freshness(FreshnessPolicy.partitionDeadline(
                            LocalTime.of(6, 0), ZoneOffset.UTC, 1, Duration.ofHours(2)))
                    .build();
        }

        @Override
        public MaterializeResult materialize(AssetContext<AssetSpec.NoConfig> context) {
            return MaterializeResult.rows(1);
        }
    }

    @Dependent
    @IfBuildProperty(name = TestTriggerPolicies.PROPERTY, stringValue = ON)
    public static class Policies {
        @Produces
        AssetAutomation lateDaily() {
            return AssetAutomation.of("test/late_daily", TriggerPolicy.onLate());
        }
    }
}
