package io.sluice.testkit;

import io.sluice.lake.Lake;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.Run;
import io.sluice.runs.RunRequest;
import io.sluice.runs.RunService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run to launch from a test, built fluently: {@code kit.materialize("a", "b").fullRefresh().config(Map.of(...)).run()}.
 * {@link #run()} launches it through {@link RunService} (a refused request throws its
 * {@link io.sluice.runs.RequestRejected} and stores nothing) and waits until it ended.
 */
public final class MaterializeRequest {

    private final RunService runs;
    private final Lake lake;
    private final List<String> assets;
    private MaterializationMode mode = MaterializationMode.INCREMENTAL;
    private final List<String> keys = new ArrayList<>();
    private final List<String> partitions = new ArrayList<>();
    private final Map<String, Object> config = new LinkedHashMap<>();
    private String reason = "test";
    private Duration timeout = Duration.ofMinutes(2);

    MaterializeRequest(RunService runs, Lake lake, List<String> assets) {
        this.runs = runs;
        this.lake = lake;
        this.assets = List.copyOf(assets);
    }

    public MaterializeRequest mode(MaterializationMode mode) {
        this.mode = mode;
        return this;
    }

    public MaterializeRequest incremental() {
        return mode(MaterializationMode.INCREMENTAL);
    }

    public MaterializeRequest fullRefresh() {
        return mode(MaterializationMode.FULL_REFRESH);
    }

    /** SINGLE_KEY with these keys: exactly they are processed. */
    public MaterializeRequest singleKey(String... keys) {
        return mode(MaterializationMode.SINGLE_KEY).keys(keys);
    }

    public MaterializeRequest keys(String... keys) {
        this.keys.addAll(Arrays.asList(keys));
        return this;
    }

    /** Partition keys, as {@code POST /api/runs} takes them ({@code 2024-01-01}). */
    public MaterializeRequest partitions(String... partitions) {
        this.partitions.addAll(Arrays.asList(partitions));
        return this;
    }

    /** The run config of the one asset launched (its fields by name). */
    public MaterializeRequest config(Map<String, ?> config) {
        this.config.putAll(config);
        return this;
    }

    /** The run config of one asset of a selection. */
    public MaterializeRequest config(String asset, Map<String, ?> config) {
        this.config.put(asset, new LinkedHashMap<>(config));
        return this;
    }

    public MaterializeRequest reason(String reason) {
        this.reason = reason;
        return this;
    }

    /** How long {@link #run()} waits for the run to end (2 minutes unless told). */
    public MaterializeRequest within(Duration timeout) {
        this.timeout = timeout;
        return this;
    }

    /** Launches the run, waits until it ended and returns what it did; throws {@link AssertionError} if it did not end in time. */
    public RunResult run() {
        Run launched = runs.launch(new RunRequest(assets, mode, keys, partitions, config, reason, "testkit"));
        long deadline = System.nanoTime() + timeout.toNanos();
        Run run = runs.get(launched.id());
        while (!run.status().isTerminal()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("run " + run.id() + " did not end within " + timeout + ": " + run.status());
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for run " + run.id(), e);
            }
            run = runs.get(launched.id());
        }
        return new RunResult(run, runs.materializations(run.id()), runs.checks(run.id()), lake.writesOf(run.id()));
    }
}
