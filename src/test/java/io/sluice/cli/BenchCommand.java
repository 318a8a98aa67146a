package io.sluice.cli;

import io.sluice.lake.benchmark.BenchmarkTargets;
import io.sluice.lake.benchmark.MergeBenchmark;
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

/** {@code sluice lake bench [--firms N] [--days N] [--db PATH]}: the bi-temporal merge benchmark; prints figures, not a test. */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        description = {
            "Benchmarks the bi-temporal merge on the example's Form ADV ownership rows, in one run on one "
                    + "DuckDB file: (a) raw INSERT INTO ... SELECT, (b) initial load, (c) identical re-run, "
                    + "(d) one day's filings, (e) a SINGLE_KEY write of one CRD, and with --days (f) (e) again after that many "
                    + "days of filings. Prints each time and its ratio to (a)."
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
        Path dir = db == null ? Files.createTempDirectory("sluice-bench") : null;
        Path file = db == null ? dir.resolve("bench.duckdb") : db;
        try {
            List<MergeBenchmark.Figure> figures = new MergeBenchmark(firms, days, out).run(file);
            double floor = figures.get(0).millis();
            out.printf(
                    "%nDuckDB file %s, %d processors%n",
                    file, Runtime.getRuntime().availableProcessors());
            for (MergeBenchmark.Figure f : figures) {
                out.printf(
                        "(%s) %-48s %10.1f ms  %6.2fx (a)   %s%n",
                        f.step(), f.what(), f.millis(), f.millis() / floor, f.result());
            }
            out.printf(
                    "%nTargets for 21,000 firms (~1.8M rows) on a 2-core machine%s; one run is one sample, so compare code "
                            + "side by side (see the README):%n",
                    firms == 21_000 ? "" : " (this run: " + firms + " firms)");
            BenchmarkTargets.report(figures).forEach(out::println);
            return SluiceCli.OK;
        } finally {
            if (dir != null) {
                deleteQuietly(dir);
            }
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
