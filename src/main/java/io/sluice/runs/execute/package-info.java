/**
 * Executing a claimed group of runs: {@link io.sluice.runs.execute.RunWorker} runs each run's asset steps in dependency
 * order, {@link io.sluice.runs.execute.StepRunner} materializes one asset of a run after its upstream checks,
 * {@link io.sluice.runs.execute.KeyResolver} turns the mode into batches of keys (the only place that looks at the
 * mode), {@link io.sluice.runs.execute.RollbackStep} rolls a table back, and {@link io.sluice.runs.execute.GroupJournal}
 * holds what the runs write until it is stored in as few transactions as the group's pace allows. It does not know the
 * dispatcher that feeds it (an ArchUnit rule keeps it so).
 */
package io.sluice.runs.execute;
