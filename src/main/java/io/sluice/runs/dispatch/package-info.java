/**
 * Starting queued runs: {@link io.sluice.runs.dispatch.RunExecutor} is the worker pool and its dispatcher loop, thin
 * I/O around the pure decisions of what starts next ({@link io.sluice.runs.dispatch.DispatchPlan}, within the workers,
 * the pools' limits and each group's {@link io.sluice.runs.dispatch.Admission}) and how many runs to claim together
 * ({@link io.sluice.runs.dispatch.GroupSizer}); stopping the lake work of runs whose cancel was asked
 * ({@link io.sluice.runs.dispatch.CancelWatch});
 * crash recovery at start-up ({@link io.sluice.runs.dispatch.RunRecovery}, with the pure
 * {@link io.sluice.runs.dispatch.Reconciliation} against the lake's write log); and the SPIs a launcher of groups of
 * runs plugs in ({@code Admission}, {@link io.sluice.runs.dispatch.RetryPolicy}). Nothing in launch or execute depends
 * on it.
 */
package io.sluice.runs.dispatch;
