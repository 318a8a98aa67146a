package io.sluice.backfill;

import io.sluice.runs.launch.RangeLaunchHint;
import jakarta.enterprise.context.ApplicationScoped;

/** Tells users who launch a partitioned asset without partitions that every partition of it is a backfill. */
@ApplicationScoped
public class BackfillLaunchHint implements RangeLaunchHint {

    @Override
    public String howTo() {
        return "launch a backfill (POST /api/backfills without ranges or partitions selects every partition, one run "
                + "each, or one run with \"singleRun\": true)";
    }
}
