package io.sluice.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetKey;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.ConfigSchema;
import io.sluice.catalog.KeyedAsset;
import io.sluice.freshness.FreshnessView;
import io.sluice.lake.TableSpec;
import io.sluice.partitions.DynamicPartitions;
import io.sluice.partitions.MultiPartitions;
import io.sluice.partitions.PartitionsDefinition;
import io.sluice.partitions.StaticPartitions;
import io.sluice.partitions.TimeWindowPartitions;
import io.sluice.runs.AssetRun;
import io.sluice.runs.Materialization;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** An asset as the API shows it; {@code configSchema} and {@code downstream} only in the detail view. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AssetDto(
        String key,
        String group,
        String name,
        String description,
        List<String> owners,
        Map<String, String> tags,
        boolean keyed,
        PartitionsDto partitions,
        List<String> upstream,
        List<String> downstream,
        Map<String, Object> configSchema,
        Object defaultConfig,
        LastRunDto lastRun,
        MaterializationDto lastMaterialization,
        TableDto table,
        List<CheckDto> latestChecks,
        FreshnessDto freshness) {

    /** The asset with its freshness (null: it declares no policy). */
    AssetDto withFreshness(FreshnessDto f) {
        return new AssetDto(
                key,
                group,
                name,
                description,
                owners,
                tags,
                keyed,
                partitions,
                upstream,
                downstream,
                configSchema,
                defaultConfig,
                lastRun,
                lastMaterialization,
                table,
                latestChecks,
                f);
    }

    /**
     * The asset's freshness under its declared policy (docs/freshness.md): its state since when, a sentence, and under a
     * partition deadline the first of its late partitions (oldest first) with their number.
     */
    @Schema(description = "The asset's freshness under its declared policy; absent when it declares none.")
    public record FreshnessDto(
            @Schema(description = "The policy in one sentence.")
            String policy,

            @Schema(
                    description = "FRESH, WARNING or STALE.",
                    enumeration = {"FRESH", "WARNING", "STALE"})
            String state,

            @Schema(description = "When the state began: a deadline, an age threshold or a materialization.")
            Instant since,

            @Schema(description = "The state in one sentence.")
            String detail,

            @Schema(description = "The first few late partitions, oldest first (the detail view only).")
            List<String> latePartitions,

            @Schema(description = "How many partitions are late within the look-back (the detail view only).")
            int lateCount) {
        static FreshnessDto of(FreshnessView view) {
            return view == null
                    ? null
                    : new FreshnessDto(
                            view.policy(),
                            view.state().name(),
                            view.since(),
                            view.detail(),
                            view.latePartitions(),
                            view.lateCount());
        }
    }

    /** The lake table Sluice writes for the asset, its write mode and declared checks. */
    public record TableDto(String name, String writeMode, Object mode, List<Object> checks) {
        static TableDto of(TableSpec t) {
            return new TableDto(t.name(), t.mode().label(), t.mode(), List.copyOf(t.checks()));
        }
    }

    public record PartitionsDto(String type, String description, String start, String end, String timezone) {
        static PartitionsDto of(PartitionsDefinition definition) {
            if (definition instanceof TimeWindowPartitions t) {
                return new PartitionsDto(
                        t.schedule().cadence(),
                        t.describe(),
                        t.format(t.start()),
                        t.end().map(t::format).orElse(null),
                        t.zone().getId());
            }
            if (definition instanceof StaticPartitions) {
                return new PartitionsDto("static", definition.describe(), null, null, null);
            }
            if (definition instanceof DynamicPartitions) {
                return new PartitionsDto("dynamic", definition.describe(), null, null, null);
            }
            if (definition instanceof MultiPartitions) {
                return new PartitionsDto("multi", definition.describe(), null, null, null);
            }
            return new PartitionsDto("unpartitioned", definition.describe(), null, null, null);
        }
    }

    public record LastRunDto(String runId, String status, Instant endedAt) {
        static LastRunDto of(AssetRun run) {
            return run == null
                    ? null
                    : new LastRunDto(
                            run.runId(), run.step().status().name(), run.step().endedAt());
        }
    }

    public record MaterializationDto(
            String runId,
            String partition,
            Instant ts,
            long rowsWritten,
            long keyCount,
            long batchCount,
            long durationMs,
            Object metadata) {
        static MaterializationDto of(Materialization m, Object metadata) {
            return m == null
                    ? null
                    : new MaterializationDto(
                            m.runId(),
                            m.partition(),
                            m.ts(),
                            m.rowsWritten(),
                            m.keyCount(),
                            m.batchCount(),
                            m.durationMs(),
                            metadata);
        }
    }

    static AssetDto summary(Asset<?> asset, Set<AssetKey> upstream, LastRunDto lastRun) {
        AssetSpec<?> spec = asset.spec();
        return new AssetDto(
                spec.key().toString(),
                spec.key().group(),
                spec.key().name(),
                spec.description(),
                spec.owners(),
                spec.tags(),
                asset instanceof KeyedAsset<?>,
                PartitionsDto.of(spec.partitions()),
                keys(upstream),
                null,
                null,
                null,
                lastRun,
                null,
                spec.table().map(TableDto::of).orElse(null),
                null,
                null);
    }

    static AssetDto detail(
            Asset<?> asset,
            Set<AssetKey> upstream,
            Set<AssetKey> downstream,
            LastRunDto lastRun,
            MaterializationDto last,
            List<CheckDto> checks) {
        AssetSpec<?> spec = asset.spec();
        return new AssetDto(
                spec.key().toString(),
                spec.key().group(),
                spec.key().name(),
                spec.description(),
                spec.owners(),
                spec.tags(),
                asset instanceof KeyedAsset<?>,
                PartitionsDto.of(spec.partitions()),
                keys(upstream),
                keys(downstream),
                ConfigSchema.of(spec.configType(), spec.defaultConfig()),
                spec.defaultConfig(),
                lastRun,
                last,
                spec.table().map(TableDto::of).orElse(null),
                checks,
                null);
    }

    private static List<String> keys(Set<AssetKey> keys) {
        return keys.stream().sorted().map(AssetKey::toString).toList();
    }
}
