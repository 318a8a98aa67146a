package io.sluice.example;

import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetContext;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.DateBetween;
import io.sluice.catalog.MaterializeResult;
import io.sluice.lake.LakeDialect;
import io.sluice.lake.Sql;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * {@code extract/form_adv_filings}: a deterministic generator standing in for the SEC Form ADV download,
 * partitioned by filing day. A run writes the (filing, owner) rows filed on its days with one SQL statement,
 * replacing what the table held for those days; a whole range of days is one statement too.
 */
@ApplicationScoped
public class ExtractFormAdvFilings implements Asset<ExtractFormAdvFilings.Config> {

    /**
     * @param firms   how many adviser firms to generate (about 82 ownership rows each over 2001-2024); at most 250,000, about
     *                20 million rows, which a 24-year run writes in minutes within the lake's default memory limit on a
     *                2-core, 24 GiB machine (1,000,000 spills for over half an hour)
     * @param seed    changes every generated value
     * @param through only filings published up to this day exist yet (empty: all of them); raise it and run a day
     *                again to see late filings arrive. A day from 1900-01-01 to 9999-12-31: a run replaces its days'
     *                filings with those published by then, so an absurd day (0000-01-01) would empty them
     */
    public record Config(
            @Min(1) @Max(250_000) int firms,
            @Min(0) int seed,

            @DateBetween(min = "1900-01-01", max = "9999-12-31")
            LocalDate through) {}

    /**
     * The generator's query, in the lake's dialect: the one place of the example with two spellings (DuckDB's hash()
     * and list literals have no PostgreSQL twins); the rest of the example's SQL is written once for both engines.
     */
    private static final Map<LakeDialect, String> SQL = Map.of(
            LakeDialect.DUCKDB, load("form_adv_filings.sql"),
            LakeDialect.POSTGRES, load("form_adv_filings.postgres.sql"));

    private final AssetSpec<Config> spec;

    public ExtractFormAdvFilings(@ConfigProperty(name = "sluice.example.firms", defaultValue = "200") int firms) {
        this.spec = AssetSpec.builder("extract/form_adv_filings", Config.class, new Config(firms, 1, null))
                .description(
                        "SEC Form ADV filings as downloaded, by filing day: firms, names, owners; deterministic stand-in generator")
                .owners("data-platform@example.com")
                .tag("source", "sec")
                .tag("layer", "extract")
                .partitions(FormAdvTables.FILING_DAYS)
                .processesRanges()
                .build();
    }

    @Override
    public AssetSpec<Config> spec() {
        return spec;
    }

    @Override
    public MaterializeResult materialize(AssetContext<Config> context) {
        Config config = context.config();
        FormAdvTables.Window days =
                FormAdvTables.Window.of(context.partitionRange().orElseThrow());
        Sql query = Sql.of(
                SQL.get(context.lake().dialect()),
                config.firms(),
                config.seed(),
                days.from(),
                days.to(),
                config.through() == null ? LocalDate.of(9999, 12, 31) : config.through());
        context.log()
                .info("generating filings of " + config.firms() + " firms filed from " + days.from() + " before "
                        + days.to() + (config.through() == null ? "" : ", published through " + config.through()));
        String table = FormAdvTables.EXTRACT;
        // created and committed on its own: DuckDB loses values of a large insert into a table created in the same
        // transaction
        context.lake()
                .write(
                        table,
                        lake -> lake.execute(query.wrap("CREATE TABLE IF NOT EXISTS " + table + " AS ", " LIMIT 0")));
        long rows = context.lake().write(table, lake -> {
            lake.execute(
                    "DELETE FROM " + table + " WHERE filing_date >= ? AND filing_date < ?", days.from(), days.to());
            return lake.execute(query.wrap("INSERT INTO " + table + " ", ""));
        });
        return MaterializeResult.rows(rows)
                .withMetadata("table", table)
                .withMetadata("firms", config.firms())
                .withMetadata("from", days.from().toString())
                .withMetadata("to", days.to().toString());
    }

    private static String load(String file) {
        try (InputStream in = ExtractFormAdvFilings.class.getResourceAsStream(file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
