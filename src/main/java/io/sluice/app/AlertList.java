package io.sluice.app;

import io.sluice.alerts.deliver.Channel;
import io.sluice.alerts.watch.AlertRules;
import io.sluice.alerts.watch.AlertStore;
import io.sluice.identity.Action;
import io.sluice.identity.Caller;
import io.sluice.runs.RequestRejected;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Alerting for every face: the notifications (the outbox, newest first, by keyset), the rules in force, the channels. */
@ApplicationScoped
public class AlertList {

    static final String LIST = "alerts";
    public static final List<String> STATUSES = List.of("PENDING", "SENT", "FAILED");

    private final AlertStore store;
    private final AlertRules rules;

    public AlertList(AlertStore store, AlertRules rules) {
        this.store = store;
        this.rules = rules;
    }

    /** A page of notifications, of one delivery status and rule if given. */
    public ListPage<AlertStore.Stored> page(
            Caller caller, PageRequest page, Optional<String> status, Optional<String> rule) {
        caller.require(Action.READ);
        Optional<String> s = status.filter(t -> !t.isBlank()).map(t -> t.strip().toUpperCase(Locale.ROOT));
        if (s.isPresent() && !STATUSES.contains(s.get())) {
            throw RequestRejected.invalid("status", "status is PENDING, SENT or FAILED, not '" + status.get() + "'");
        }
        Optional<Long> before = page.cursor().map(c -> Cursor.read(LIST, 1, c).number());
        List<AlertStore.Stored> read = store.recent(page.limit() + 1, before, s, rule.filter(r -> !r.isBlank()));
        return ListPage.of(read, page.limit(), n -> Cursor.at(LIST, n.id()));
    }

    /** How many notifications are pending, sent and failed. */
    public Map<String, Long> counts(Caller caller) {
        caller.require(Action.READ);
        return store.counts();
    }

    public List<AlertRules.Effective> rules(Caller caller) {
        caller.require(Action.READ);
        return rules.all();
    }

    public Collection<Channel> channels(Caller caller) {
        caller.require(Action.READ);
        return rules.channels();
    }
}
