/**
 * Automation, the pure core: schedules, sensors and asset-dependency triggers as decisions on values with the time
 * passed in. Nothing here launches, stores or waits: the decisions return {@link io.sluice.automation.Launch} values
 * (what to launch), cursors (what to persist with them) and {@link io.sluice.automation.TickOutcome}s (what to record),
 * and thin adapters (Quartz for ticks, the run queue for launches, the metadata store for cursors and tick history) do
 * the I/O. Depends on the JDK, {@code io.sluice.partitions} and {@code io.sluice.catalog} only (an ArchUnit rule keeps
 * it so); see {@code docs/automation.md}.
 */
package io.sluice.automation;
