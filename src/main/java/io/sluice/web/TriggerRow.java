package io.sluice.web;

import io.sluice.automation.trigger.TriggerOverview;
import java.util.List;

/** An asset with a trigger policy on the automation page: the policy as written, and its last evaluations. */
public record TriggerRow(String asset, String policy, List<TickRow> evaluations) {

    static TriggerRow of(TriggerOverview.AssetTrigger trigger) {
        return new TriggerRow(
                trigger.asset().toString(),
                trigger.policy().describe(),
                trigger.evaluations().stream().map(TickRow::of).toList());
    }
}
