package io.sluice.lake.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The benchmark runs every step on a small generator run (its figures are printed by `sluice lake bench`, not judged here). */
class MergeBenchmarkTest {

    @Test
    void everyStepRunsAndVerifiesItsWrites(@TempDir Path dir) throws Exception {
        StringWriter log = new StringWriter();
        List<MergeBenchmark.Figure> figures =
                new MergeBenchmark(100, 3, new PrintWriter(log, true)).run(dir.resolve("bench.duckdb"));
        assertThat(figures).extracting(MergeBenchmark.Figure::step).containsExactly("a", "b", "c", "d", "e", "e'", "f");
        assertThat(figures).allSatisfy(f -> assertThat(f.millis()).isPositive());
        assertThat(figures.get(2).result()).contains("no change");
        assertThat(figures.get(6).what()).isEqualTo("SINGLE_KEY after 3 days of filings (median of 11)");
        assertThat(figures.get(6).result()).contains("after 3 daily writes").contains("versions opened");
    }

    @Test
    void daysOutOfRangeAreRefused() {
        assertThatThrownBy(() -> new MergeBenchmark(100, -1, new PrintWriter(new StringWriter())))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(
                        () -> new MergeBenchmark(100, MergeBenchmark.MAX_DAYS + 1, new PrintWriter(new StringWriter())))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
