package io.sluice.example;

import io.sluice.automation.TriggerPolicy;
import io.sluice.automation.trigger.AssetAutomation;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Produces;

/**
 * The example runs itself: both transforms are {@code eager}, so landing filing days into {@code raw} (by hand, a
 * backfill or the schedule) updates the firm tables without anyone clicking. They read every filing day of {@code raw}
 * (an unpartitioned asset over a partitioned one: at least one day must be in), and being alike they share one run.
 */
@Dependent
public class FormAdvAutomation {

    @Produces
    AssetAutomation firmIdentity() {
        return AssetAutomation.of("transform/form_adv_firm_identity", TriggerPolicy.eager());
    }

    @Produces
    AssetAutomation firmOwnership() {
        return AssetAutomation.of("transform/form_adv_firm_ownership", TriggerPolicy.eager());
    }

    /** The scorecard follows the ownership table: each new version of it gets its figures. */
    @Produces
    AssetAutomation ownershipScorecard() {
        return AssetAutomation.of(OwnershipScorecard.KEY, TriggerPolicy.eager());
    }
}
