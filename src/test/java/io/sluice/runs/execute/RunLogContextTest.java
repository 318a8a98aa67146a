package io.sluice.runs.execute;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.sluice.testing.Runs;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.jboss.logmanager.ExtLogRecord;
import org.junit.jupiter.api.Test;

/** Every line a run writes to the server log carries its run id, its asset and the node, for the JSON log. */
@QuarkusTest
class RunLogContextTest {

    @Test
    void aRunsLinesCarryItsRunIdAssetAndNode() {
        List<Map<String, String>> contexts = new CopyOnWriteArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (record instanceof ExtLogRecord r && r.getMessage() != null) {
                    contexts.add(Map.copyOf(r.getMdcCopy()));
                }
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        Logger runLog = Logger.getLogger("io.sluice.run");
        runLog.addHandler(capture);
        try {
            // five rows: ids above 2 fail the WARN check, a line the server log always gets
            String id = Runs.launchAndAwait("{\"assets\":[\"test/checked\"],\"config\":{\"rows\":5}}")
                    .getString("id");
            assertThat(contexts)
                    .as("the run's server log lines")
                    .isNotEmpty()
                    .anySatisfy(mdc -> assertThat(mdc)
                            .containsEntry(RunLogContext.RUN_ID, id)
                            .containsEntry(RunLogContext.ASSET, "test/checked")
                            .containsKey(RunLogContext.NODE));
            assertThat(contexts)
                    .filteredOn(mdc -> id.equals(mdc.get(RunLogContext.RUN_ID)))
                    .allSatisfy(mdc -> assertThat(mdc.get(RunLogContext.NODE)).isNotBlank());
        } finally {
            runLog.removeHandler(capture);
        }
    }

    @Test
    void leavingARunClearsItsContext() {
        RunLogContext.enter("r-1", "n-1");
        RunLogContext.asset("a/b");
        assertThat(org.jboss.logging.MDC.get(RunLogContext.ASSET)).isEqualTo("a/b");
        RunLogContext.leave();
        assertThat(org.jboss.logging.MDC.getMap())
                .doesNotContainKeys(RunLogContext.RUN_ID, RunLogContext.ASSET, RunLogContext.NODE);
    }
}
