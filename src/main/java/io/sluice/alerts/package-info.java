/**
 * Alerting's pure core (issue 32): what a rule is ({@link io.sluice.alerts.AlertRule}, declared as a CDI bean beside the
 * assets, like a schedule), what happened ({@link io.sluice.alerts.Incident}), the de-duplication and throttling
 * decision ({@link io.sluice.alerts.Throttle}: one notification per rule, asset and cause within a window, the suppressed
 * ones counted into the next, a resolved notification when the cause clears), and what the channels send
 * ({@link io.sluice.alerts.WebhookPayload} signed with HMAC-SHA256, {@link io.sluice.alerts.SlackPayload}, the retry
 * {@link io.sluice.alerts.Backoff}). JDK and {@code catalog} values only: the store, the outbox and the delivery are
 * built on it.
 */
package io.sluice.alerts;
