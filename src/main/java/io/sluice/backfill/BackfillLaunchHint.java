package io.sluice.backfill;

import io.sluice.runs.launch.RangeLaunchHint;
import jakarta.enterprise.context.ApplicationScoped;

/** Tells users who launch a partitioned asset without partitions that a range of them is a backfill. */
@ApplicationScoped
public class BackfillLaunchHint implements RangeLaunchHint {

    @Override
    public String howTo() {
        return "launch a backfill (POST /api/backfills with \"ranges\", and \"singleRun\": true to make it one run)";
    }
}
