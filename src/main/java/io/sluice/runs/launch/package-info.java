/**
 * Launching a run, before anything is stored: {@link io.sluice.runs.launch.LaunchValidator} checks a
 * {@link io.sluice.runs.RunRequest} against the catalog (assets, partitions, mode, keys, reason) and gives a
 * {@link io.sluice.runs.launch.ValidatedLaunch}; {@link io.sluice.runs.launch.ConfigBinder} binds and checks the run
 * config against the asset's config type; {@link io.sluice.runs.launch.RunFactory} is the one place that builds a
 * {@link io.sluice.runs.Run}. It knows neither the dispatcher nor the execution (an ArchUnit rule keeps it so).
 */
package io.sluice.runs.launch;
