package io.sluice.runs.execute;

import org.jboss.logging.MDC;

/**
 * The run a worker thread executes, in the log's context (MDC): every line logged on that thread while it runs, Sluice's
 * and the asset's own, carries {@code run_id}, {@code node} and, within a step, {@code asset}. The JSON log writes them
 * as fields ({@code mdc}); the plain format does not show them.
 */
final class RunLogContext {

    static final String RUN_ID = "run_id";
    static final String NODE = "node";
    static final String ASSET = "asset";

    private RunLogContext() {}

    static void enter(String runId, String node) {
        MDC.put(RUN_ID, runId);
        MDC.put(NODE, node);
        MDC.remove(ASSET);
    }

    static void asset(String asset) {
        MDC.put(ASSET, asset);
    }

    static void leave() {
        MDC.remove(RUN_ID);
        MDC.remove(NODE);
        MDC.remove(ASSET);
    }
}
