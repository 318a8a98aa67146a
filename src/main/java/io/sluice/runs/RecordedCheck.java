package io.sluice.runs;

import io.sluice.catalog.AssetKey;
import io.sluice.lake.CheckResult;
import java.time.Instant;

/** A check result as stored with its run. */
public record RecordedCheck(String runId, AssetKey asset, String partition, Instant ts, CheckResult result) {}
