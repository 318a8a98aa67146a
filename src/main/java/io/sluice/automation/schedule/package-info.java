/**
 * Schedules at run time: the registry of the schedules declared in code ({@link io.sluice.automation.schedule.Schedules}),
 * their state across restarts, Quartz wake-ups ({@link io.sluice.automation.schedule.ScheduleWakeups},
 * {@link io.sluice.automation.schedule.ScheduleJob}) and the tick handler
 * ({@link io.sluice.automation.schedule.ScheduleTicker}) that decides from the stored cursor with the pure
 * {@link io.sluice.automation.SchedulePlanner}. See docs/automation.md.
 */
package io.sluice.automation.schedule;
