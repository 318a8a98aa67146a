package io.sluice.app;

import io.sluice.alerts.watch.AlertRules;
import io.sluice.identity.Action;
import io.sluice.identity.Caller;
import jakarta.enterprise.context.ApplicationScoped;

/** Editing alert rules at run time, as the caller: stored, audited with the caller as the actor. */
@ApplicationScoped
public class AlertCommands {

    private final AlertRules rules;

    public AlertCommands(AlertRules rules) {
        this.rules = rules;
    }

    public AlertRules.Effective edit(Caller caller, String rule, AlertRules.Change change) {
        caller.require(Action.EDIT_ALERT_RULES);
        return rules.edit(rule, change, caller.name());
    }

    public AlertRules.Effective reset(Caller caller, String rule) {
        caller.require(Action.EDIT_ALERT_RULES);
        return rules.reset(rule, caller.name());
    }
}
