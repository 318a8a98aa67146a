package io.sluice.cli;

import io.sluice.lake.benchmark.BenchPostgres;
import io.sluice.lake.benchmark.BenchmarkTargets;
import io.sluice.lake.benchmark.MergeBenchmark;
import io.sluice.lake.benchmark.PgMergeBenchmark;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code sluice lake bench [--firms N] [--days N] [--db PATH] [--engine duckdb|postgres|both]}: the bi-temporal merge
 * benchmark; prints figures, not a test.
 */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        description = {
            "Benchmarks the bi-temporal merge on the example's Form ADV ownership rows, in one run on one "
                    + "DuckDB file: (a) raw INSERT INTO ... SELECT, (b) initial load, (c) identical re-run, "
                    + "(d) one day's filings, (e) a SINGLE_KEY write of one CRD, and with --days (f) (e) again after that many "
                    + "days of filings. Prints each time and its ratio to (a). --engine postgres or both: (a)-(e) on PostgreSQL too."
        })
final class BenchCommand implements Callable<Integer> {

    @Option(
            names = "--firms",
            paramLabel = "N",
            defaultValue = "21000",
            description = "Firms the generator produces (default: ${DEFAULT-VALUE}, about 1.8 million ownership rows).")
    int firms;

    @Option(
            names = "--days",
            paramLabel = "N",
            defaultValue = "0",
            description =
                    "Also (f): append N days of filings (about 5,000 rows each), then time (e) again (default: ${DEFAULT-VALUE}, not).")
    int days;

    @Option(
            names = "--db",
            paramLabel = "PATH",
            description = "A new DuckDB file to run on (default: one in a temporary directory, deleted afterwards).")
    Path db;

    @Option(
            names = "--engine",
            paramLabel = "ENGINE",
            defaultValue = "duckdb",
            description =
                    "duckdb (default), postgres, or both: DuckDB, then PostgreSQL on the same rows, side by side "
                            + "with the ratios PostgreSQL/DuckDB and PostgreSQL's targets. PostgreSQL is SLUICE_PG_URL's "
                            + "(SLUICE_PG_USER, SLUICE_PG_PASSWORD) if set, else an embedded one with fsync and synchronous_commit on.")
    String engine;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws SQLException, IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (firms < 100 || firms > MergeBenchmark.MAX_FIRMS) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--firms must be between 100 and " + MergeBenchmark.MAX_FIRMS + ", got " + firms);
        }
        if (days < 0 || days > MergeBenchmark.MAX_DAYS) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--days must be between 0 and " + MergeBenchmark.MAX_DAYS + ", got " + days);
        }
        if (db != null && db.toString().isBlank()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--db is empty; give a new file");
        }
        if (db != null && Files.exists(db)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--db " + db + " exists; give a new file");
        }
        if (!List.of("duckdb", "postgres", "both").contains(engine)) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--engine must be duckdb, postgres or both, got " + engine);
        }
        if (engine.equals("postgres") && days > 0) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--days runs on DuckDB only: use --engine duckdb or both");
        }
        Path dir = Files.createTempDirectory("sluice-bench");
        Path file = db == null ? dir.resolve("bench.duckdb") : db;
        try {
            List<MergeBenchmark.Figure> duckDb = List.of();
            if (!engine.equals("postgres")) {
                duckDb = new MergeBenchmark(firms, days, out).run(file);
                out.printf(
                        "%nDuckDB file %s, %d processors%n",
                        file, Runtime.getRuntime().availableProcessors());
                print(out, duckDb);
                out.printf(
                        "%nTargets for 21,000 firms (~1.8M rows) on a 2-core machine%s; one run is one sample, so compare code "
                                + "side by side (see the README):%n",
                        firms == 21_000 ? "" : " (this run: " + firms + " firms)");
                BenchmarkTargets.report(duckDb).forEach(out::println);
            }
            if (engine.equals("duckdb")) {
                return SluiceCli.OK;
            }
            List<MergeBenchmark.Figure> postgres;
            try (BenchPostgres pg = BenchPostgres.start(System.getenv())) {
                postgres = new PgMergeBenchmark(firms, out).run(file, pg, dir);
            }
            out.printf(
                    "%nPostgreSQL, the same rows, %d processors%n",
                    Runtime.getRuntime().availableProcessors());
            print(out, postgres);
            if (engine.equals("both")) {
                out.printf("%nSide by side, one run (PostgreSQL / DuckDB):%n");
                out.printf("    %-48s %12s %14s %10s%n", "", "DuckDB ms", "PostgreSQL ms", "PG/DuckDB");
                for (MergeBenchmark.Figure d : duckDb) {
                    var p = BenchmarkTargets.step(postgres, d.step());
                    if (p.isPresent()) {
                        out.printf(
                                "(%s) %-48s %12.1f %14.1f %9.2fx%n",
                                d.step(),
                                d.what(),
                                d.millis(),
                                p.get().millis(),
                                p.get().millis() / d.millis());
                    }
                }
                out.printf("%nPostgreSQL targets, as ratios to DuckDB in this run:%n");
                BenchmarkTargets.versusDuckDb(duckDb, postgres).forEach(out::println);
            }
            return SluiceCli.OK;
        } finally {
            deleteQuietly(dir);
        }
    }

    private static void print(PrintWriter out, List<MergeBenchmark.Figure> figures) {
        double floor = figures.get(0).millis();
        for (MergeBenchmark.Figure f : figures) {
            out.printf(
                    "(%s) %-48s %10.1f ms  %6.2fx (a)   %s%n",
                    f.step(), f.what(), f.millis(), f.millis() / floor, f.result());
        }
    }

    private static void deleteQuietly(Path dir) {
        try (var files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // a temp directory left behind is harmless
        }
    }
}
