package io.sluice.example;

import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetContext;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.MaterializeResult;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * {@code extract/form_adv_filings}: a deterministic generator standing in for the SEC Form ADV
 * download. One SQL statement writes every (filing, owner) row published up to {@code through}.
 */
@ApplicationScoped
public class ExtractFormAdvFilings implements Asset<ExtractFormAdvFilings.Config> {

    /**
     * @param firms   how many adviser firms to generate (about 86 ownership rows each)
     * @param seed    changes every generated value
     * @param through only filings published up to this day exist (raise it to simulate new filings)
     */
    public record Config(@Min(1) @Max(1_000_000) int firms, @Min(0) int seed, @NotNull LocalDate through) {
    }

    private static final String SQL = load();

    private final AssetSpec<Config> spec;

    public ExtractFormAdvFilings(@ConfigProperty(name = "sluice.example.firms", defaultValue = "200") int firms) {
        this.spec = AssetSpec.builder("extract/form_adv_filings", Config.class, new Config(firms, 1, LocalDate.of(2024, 12, 31)))
                .description("SEC Form ADV filings as downloaded: firms, names, owners; deterministic stand-in generator")
                .owners("data-platform@example.com")
                .tag("source", "sec")
                .tag("layer", "extract")
                .build();
    }

    @Override
    public AssetSpec<Config> spec() {
        return spec;
    }

    @Override
    public MaterializeResult materialize(AssetContext<Config> context) {
        Config config = context.config();
        String sql = SQL.replace("{table}", FormAdvTables.EXTRACT)
                .replace("{firms}", Integer.toString(config.firms()))
                .replace("{seed}", Integer.toString(config.seed()))
                .replace("{through}", config.through().toString());
        context.log().info("generating filings of " + config.firms() + " firms published through " + config.through());
        long rows = context.lake().write(FormAdvTables.EXTRACT, lake -> {
            lake.execute(sql);
            return lake.queryLong("SELECT count(*) FROM " + FormAdvTables.EXTRACT);
        });
        return MaterializeResult.rows(rows).withMetadata("table", FormAdvTables.EXTRACT).withMetadata("firms", config.firms())
                .withMetadata("through", config.through().toString());
    }

    private static String load() {
        try (InputStream in = ExtractFormAdvFilings.class.getResourceAsStream("form_adv_filings.sql")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
