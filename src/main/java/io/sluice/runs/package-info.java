/**
 * Runs, the model and the facades: what a run is ({@link io.sluice.runs.RunRequest}, the intent, never stored;
 * {@link io.sluice.runs.Run}, the stored attempt, with its status, steps, kind, group and tags), the storage ports by
 * aggregate ({@link io.sluice.runs.RunQueue}, {@link io.sluice.runs.RunHistory}, {@link io.sluice.runs.RunEventLog},
 * {@link io.sluice.runs.AssetState}, ...), the domain refusals ({@link io.sluice.runs.RequestRejected}), and the services
 * the faces call ({@link io.sluice.runs.RunService}, {@link io.sluice.runs.AssetService},
 * {@link io.sluice.runs.DynamicPartitionService}). How a launch is checked and built lives in {@code runs.launch}, how
 * queued runs start in {@code runs.dispatch}, how a run executes in {@code runs.execute}; the ports' H2/PostgreSQL
 * implementations in {@code runs.store}. The limits on runs executing at once (pools and groups) are stored through {@link io.sluice.runs.RunLimits}.
 */
package io.sluice.runs;
