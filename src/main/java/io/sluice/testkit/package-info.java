/**
 * Test support for assets, for a user's own unit tests (Dagster's {@code materialize()}): {@link SluiceTestKit}
 * materializes assets through the real launch, queue and worker path, seeds lake tables with bound values and reads
 * tables back, as of a time for bi-temporal ones. Nothing in Sluice's main code depends on it.
 */
package io.sluice.testkit;
