package io.sluice.automation;

/** Whether a schedule or sensor ticks. Declared as a default with it; the adapter keeps the current one across restarts. */
public enum AutomationStatus {
    RUNNING,
    STOPPED
}
