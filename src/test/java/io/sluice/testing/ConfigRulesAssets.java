package io.sluice.testing;

import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetContext;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.MaterializeResult;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.time.LocalDate;

/** An asset whose run config has a property a launch must give and two that must not be empty but have defaults. */
public final class ConfigRulesAssets {

    public static final String KEY = "test/config_rules";

    private ConfigRulesAssets() {}

    /** {@code test/config_rules}: {@code region} has no default and must be given; the others default. */
    @ApplicationScoped
    public static class ConfigRules implements Asset<ConfigRules.Config> {

        public record Config(
                @NotNull String region,
                @NotNull LocalDate through,
                @NotBlank String label) {}

        @Override
        public AssetSpec<Config> spec() {
            return AssetSpec.builder(KEY, Config.class, new Config(null, LocalDate.of(2024, 1, 1), "all"))
                    .description("test asset: a config property without a default")
                    .build();
        }

        @Override
        public MaterializeResult materialize(AssetContext<Config> context) {
            return MaterializeResult.rows(0)
                    .withMetadata("region", context.config().region());
        }
    }
}
