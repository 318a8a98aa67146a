package io.sluice.web;

import io.sluice.alerts.AlertCause;
import io.sluice.alerts.AlertRule;
import io.sluice.alerts.watch.AlertRules;
import io.sluice.alerts.watch.AlertStore;
import java.util.List;
import java.util.TreeSet;

/**
 * One alert rule on the alerts page, as in force: what it watches in words, where it notifies, its window, whether it is
 * on, and who edited it at run time and when (null when it is as the code declares it).
 */
public record AlertRuleRow(
        String name,
        List<String> causes,
        String scope,
        String assets,
        String groups,
        List<String> channels,
        String window,
        long windowMinutes,
        String maxDuration,
        boolean enabled,
        String editedBy,
        String editedAt,
        String editedAtIso) {

    public boolean edited() {
        return editedBy != null;
    }

    /** Whether the rule notifies {@code channel}, for its checkbox. */
    public boolean notifies(String channel) {
        return channels.contains(channel);
    }

    /** 90 reads as "90 min", 120 as "2 h", 0 as "none". */
    static String minutes(long minutes) {
        if (minutes == 0) {
            return "none";
        }
        return minutes % 60 == 0 ? minutes / 60 + " h" : minutes + " min";
    }

    static AlertRuleRow of(AlertRules.Effective e) {
        AlertRule r = e.rule();
        return new AlertRuleRow(
                r.name(),
                r.causes().stream().sorted().map(AlertCause::sentence).toList(),
                r.assets().describe(),
                String.join(", ", new TreeSet<>(r.assets().assets())),
                String.join(", ", new TreeSet<>(r.assets().groups())),
                r.channels(),
                minutes(r.window().toMinutes()),
                r.window().toMinutes(),
                r.maxDuration().map(d -> minutes(d.toMinutes())).orElse(null),
                r.enabled(),
                e.edit().map(AlertStore.RuleEdit::by).orElse(null),
                e.edit().map(ed -> Format.time(ed.at())).orElse(null),
                e.edit().map(ed -> Format.iso(ed.at())).orElse(null));
    }
}
