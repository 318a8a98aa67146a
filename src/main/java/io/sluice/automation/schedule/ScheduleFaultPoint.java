package io.sluice.automation.schedule;

/**
 * A test hook, off by default: with {@code sluice.fault.halt-after=schedule-tick} (or the environment variable
 * {@code SLUICE_FAULT_HALT_AFTER=schedule-tick}) the process halts at once, as a kill -9 would stop it, right after a
 * schedule's tick committed and before its job set the next wake-up: the instant a crash used to stop a schedule for
 * good. Read once, when the class loads; off, a tick pays one test of a constant.
 */
final class ScheduleFaultPoint {

    /** The exit status of a halt at a fault point (as the lake's). */
    static final int HALT_STATUS = 86;

    private static final boolean HALT_AFTER_TICK = "schedule-tick".equals(setting());

    private ScheduleFaultPoint() {}

    private static String setting() {
        String value = System.getProperty("sluice.fault.halt-after");
        return value != null
                ? value.trim()
                : System.getenv().getOrDefault("SLUICE_FAULT_HALT_AFTER", "").trim();
    }

    /** Right after the tick of schedule {@code name} committed, before its next wake-up is set. */
    static void afterTick(String name) {
        if (HALT_AFTER_TICK) {
            System.err.println("sluice.fault.halt-after=schedule-tick: halting after the tick of schedule " + name);
            System.err.flush();
            Runtime.getRuntime().halt(HALT_STATUS);
        }
    }
}
