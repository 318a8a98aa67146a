package io.sluice.automation.schedule;

import java.util.concurrent.locks.LockSupport;

/**
 * A test hook, off by default: with {@code sluice.fault.stall-after=schedule-tick} (or the environment variable
 * {@code SLUICE_FAULT_STALL_AFTER=schedule-tick}) the thread of a schedule's job stops for good right after the tick
 * committed and before the job set the next wake-up (the instant a crash used to stop a schedule for good), and says so
 * on standard error, so that a test can kill the process with SIGKILL in that instant. Read once, when the class loads;
 * off, a tick pays one test of a constant.
 */
final class ScheduleFaultPoint {

    private static final boolean STALL_AFTER_TICK = "schedule-tick".equals(setting());

    private ScheduleFaultPoint() {}

    private static String setting() {
        String value = System.getProperty("sluice.fault.stall-after");
        return value != null
                ? value.trim()
                : System.getenv().getOrDefault("SLUICE_FAULT_STALL_AFTER", "").trim();
    }

    /** Right after the tick of schedule {@code name} committed, before its next wake-up is set. */
    static void afterTick(String name) {
        if (STALL_AFTER_TICK) {
            System.err.println("sluice.fault.stall-after=schedule-tick: stalled after the tick of schedule " + name);
            System.err.flush();
            while (true) {
                LockSupport.park(); // until the process is killed
            }
        }
    }
}
