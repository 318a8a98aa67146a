package io.sluice.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.lake.Lake;
import io.sluice.lake.LakeTables;
import io.sluice.lake.LakeUnavailable;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Named;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The scorecard section of the asset page, for a table of scorecard shape: one row per figure, {@code run_id,
 * computed_at, metric, dimension, value}, each run adding its figures (the example's
 * {@code form_adv_ownership_scorecard}). The page calls {@code inject:scorecard.of(table)}; any other table gets no
 * section. Rendered on the server: the latest figures as a table, the figures without dimension across runs as a table
 * (charted by {@code /static/scorecard.js} with uPlot when JavaScript runs), and the latest {@code records_opened} as
 * SVG bars.
 */
@ApplicationScoped
@Named("scorecard")
public class ScorecardSection {

    /** The columns that make a table a scorecard. */
    static final Set<String> SHAPE = Set.of("run_id", "computed_at", "metric", "dimension", "value");

    /** The runs whose figures the history shows. */
    static final int RUNS = 30;

    /** The metric drawn as bars, one per dimension. */
    static final String BARS = "records_opened";

    private final Lake lake;
    private final LakeTables tables;
    private final ObjectMapper mapper;

    public ScorecardSection(Lake lake, LakeTables tables, ObjectMapper mapper) {
        this.lake = lake;
        this.tables = tables;
        this.mapper = mapper;
    }

    /** A figure of the latest run. */
    public record Figure(String metric, String dimension, String value) {}

    /** One run's figures without dimension, in the order of {@link View#metrics}. */
    public record Run(String runId, String time, List<String> values) {}

    /** A bar of the bar chart, in SVG units of a 800 x 120 box. */
    public record Bar(String label, String value, int x, int y, int width, int height) {}

    /**
     * What the section shows; {@code series} is the history as JSON for the charts ({@code {"t": [epoch seconds],
     * "metric": [values]}}).
     */
    public record View(
            String latestRun,
            String latestTime,
            List<Figure> latest,
            List<String> metrics,
            List<Run> runs,
            String series,
            List<Bar> bars,
            String barsMax) {}

    /** The section of {@code table}, or null when it is not a scorecard, not written yet or the lake is elsewhere. */
    public View of(String table) {
        if (table == null) {
            return null;
        }
        try {
            var info = tables.table(table);
            if (info.isEmpty()
                    || !info.get().columns().stream()
                            .map(c -> c.name().toLowerCase(Locale.ROOT))
                            .collect(Collectors.toSet())
                            .containsAll(SHAPE)) {
                return null;
            }
            return read(table);
        } catch (LakeUnavailable e) {
            return null;
        }
    }

    private View read(String table) {
        // the table name is a declared lake table (checked by the catalog), never user input
        List<String> latest = lake.read(s -> s.queryStrings("SELECT run_id || '|' || CAST(CAST(extract(epoch FROM "
                + "computed_at) AS BIGINT) AS VARCHAR) || '|' || metric || '|' || CAST(value AS VARCHAR) || '|' || "
                + "dimension FROM " + table + " WHERE computed_at = (SELECT max(computed_at) FROM " + table + ") "
                + "ORDER BY metric, dimension"));
        if (latest.isEmpty()) {
            return null;
        }
        List<String> history = lake.read(s -> s.queryStrings(
                "SELECT CAST(CAST(extract(epoch FROM computed_at) AS BIGINT) AS VARCHAR) || '|' || run_id || '|' "
                        + "|| metric || '|' || CAST(value AS VARCHAR) FROM " + table + " WHERE dimension = '' AND "
                        + "computed_at >= (SELECT min(computed_at) FROM (SELECT DISTINCT computed_at FROM " + table
                        + " ORDER BY computed_at DESC LIMIT ?) recent) ORDER BY 1",
                RUNS));
        String latestRun = "";
        long latestEpoch = 0;
        List<Figure> figures = new ArrayList<>();
        Map<String, Double> bars = new LinkedHashMap<>();
        for (String line : latest) {
            String[] f = line.split("\\|", 5);
            latestRun = f[0];
            latestEpoch = Long.parseLong(f[1]);
            double value = Double.parseDouble(f[3]);
            figures.add(new Figure(f[2], f[4], number(value)));
            if (BARS.equals(f[2])) {
                bars.put(f[4], value);
            }
        }
        // one entry per run, keyed by its id (time-ordered, so the map is in run order): two runs within one second
        // are two entries, not one
        Set<String> metrics = new TreeSet<>();
        Map<String, Long> when = new TreeMap<>();
        Map<String, Map<String, Double>> byRun = new TreeMap<>();
        for (String line : history) {
            String[] f = line.split("\\|", 4);
            when.merge(f[1], Long.parseLong(f[0]), Math::min);
            metrics.add(f[2]);
            byRun.computeIfAbsent(f[1], k -> new TreeMap<>()).put(f[2], Double.parseDouble(f[3]));
        }
        List<String> names = List.copyOf(metrics);
        List<Run> runs = new ArrayList<>();
        Map<String, List<Object>> series = new LinkedHashMap<>();
        List<Object> xs = new ArrayList<>();
        series.put("t", xs);
        names.forEach(n -> series.put(n, new ArrayList<>()));
        double previous = Double.NEGATIVE_INFINITY;
        for (Map.Entry<String, Map<String, Double>> run : byRun.entrySet()) {
            long t = when.get(run.getKey());
            // the chart's x values rise strictly: a run in the same second as the one before goes a millisecond later
            double x = Math.max(t, previous + 0.001);
            previous = x;
            xs.add(x);
            Map<String, Double> values = run.getValue();
            runs.add(new Run(
                    run.getKey(),
                    Format.time(Instant.ofEpochSecond(t)),
                    names.stream()
                            .map(n -> values.containsKey(n) ? number(values.get(n)) : "")
                            .toList()));
            names.forEach(n -> series.get(n).add(values.get(n)));
        }
        Collections.reverse(runs);
        return new View(
                latestRun,
                Format.time(Instant.ofEpochSecond(latestEpoch)),
                figures,
                names,
                runs,
                json(series),
                bars(bars),
                bars.isEmpty()
                        ? ""
                        : number(
                                bars.values().stream().mapToDouble(d -> d).max().orElse(0)));
    }

    static List<Bar> bars(Map<String, Double> values) {
        double max = values.values().stream().mapToDouble(d -> d).max().orElse(0);
        if (values.isEmpty() || max <= 0) {
            return List.of();
        }
        int width = 800 / values.size();
        List<Bar> bars = new ArrayList<>();
        int i = 0;
        for (Map.Entry<String, Double> e : values.entrySet()) {
            int height = (int) Math.max(1, Math.round(e.getValue() / max * 110));
            bars.add(new Bar(
                    e.getKey(), number(e.getValue()), i * width + 1, 120 - height, Math.max(1, width - 2), height));
            i++;
        }
        return bars;
    }

    /** A figure as shown: whole numbers without decimals, others to four significant places after the point. */
    static String number(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        return String.format(Locale.ROOT, "%.4f", value);
    }

    private String json(Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            return "{}";
        }
    }
}
