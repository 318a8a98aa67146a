package io.sluice.runs.execute;

import io.sluice.catalog.AssetKey;
import io.sluice.catalog.RunLogger;
import java.time.InstantSource;
import org.jboss.logging.Logger;

/** Writes a run's log lines to the metadata store and to the server log (INFO lines of grouped runs: see {@link LogSink#mirrorsInfo()}). */
final class StoredRunLogger implements RunLogger {

    private static final Logger LOG = Logger.getLogger("io.sluice.run");

    private final LogSink sink;
    private final InstantSource clock;
    private final String runId;
    private final AssetKey asset;

    StoredRunLogger(LogSink sink, InstantSource clock, String runId, AssetKey asset) {
        this.sink = sink;
        this.clock = clock;
        this.runId = runId;
        this.asset = asset;
    }

    @Override
    public void info(String message) {
        write("INFO", message);
        if (sink.mirrorsInfo()) {
            LOG.infof("[run %s%s] %s", runId, asset == null ? "" : " " + asset, message);
        }
    }

    @Override
    public void warn(String message) {
        write("WARN", message);
        LOG.warnf("[run %s%s] %s", runId, asset == null ? "" : " " + asset, message);
    }

    @Override
    public void error(String message) {
        write("ERROR", message);
        LOG.errorf("[run %s%s] %s", runId, asset == null ? "" : " " + asset, message);
    }

    private void write(String level, String message) {
        sink.append(runId, clock.instant(), level, asset, message);
    }
}
