package io.sluice.runs.execute;

/**
 * A run found lost to its fence (taken over by another node, or handed back) while its publish stored its records in
 * the publish's transaction: the publish rolls back, and the run stops as a lost run does.
 */
final class RunLostInPublish extends RuntimeException {

    RunLostInPublish(String runId) {
        super(
                "run " + runId + " is no longer this node's (another node took it over): its publish is rolled back",
                null,
                false,
                false);
    }
}
