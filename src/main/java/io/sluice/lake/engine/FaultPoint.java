package io.sluice.lake.engine;

/**
 * A test hook, off by default: with the system property {@code sluice.fault.halt-after=lake-commit} (or the environment
 * variable {@code SLUICE_FAULT_HALT_AFTER=lake-commit}), the process halts at once, as a kill -9 would stop it, right after
 * the lake commits a publish or a rollback, before the metadata store hears of it. Crash tests use it to stop Sluice at that exact
 * instant. Read once, when the class loads; when it is off, a publish pays one test of a constant.
 */
public final class FaultPoint {

    /** The exit status of a halt at a fault point. */
    public static final int HALT_STATUS = 86;

    private static final boolean HALT_AFTER_LAKE_COMMIT = "lake-commit".equals(setting());

    private FaultPoint() {}

    private static String setting() {
        String value = System.getProperty("sluice.fault.halt-after");
        return value != null
                ? value.trim()
                : System.getenv().getOrDefault("SLUICE_FAULT_HALT_AFTER", "").trim();
    }

    /** Right after the commit of a publish (or rollback) of {@code table} by run {@code runId}. */
    public static void afterLakeCommit(String table, String runId) {
        if (HALT_AFTER_LAKE_COMMIT) {
            System.err.println("sluice.fault.halt-after=lake-commit: halting after the lake committed run " + runId
                    + "'s publish to " + table);
            System.err.flush();
            Runtime.getRuntime().halt(HALT_STATUS);
        }
    }
}
