package io.sluice.alerts;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * One round's decision: the incidents read (in the order they happened) against every rule that watches them, through
 * the {@link Throttle} of each rule, scope and cause, into the notifications to write to the outbox (one per channel of
 * the rule) and the throttle states to store.
 */
public final class AlertPlanner {

    private AlertPlanner() {}

    /** What the throttle keeps one state for. */
    public record Key(String rule, String scope, AlertCause cause) {}

    /**
     * An incident read by the round.
     *
     * @param rule the only rule it concerns (a run over one rule's maximum duration), or empty: every rule
     */
    public record Observed(Incident incident, Optional<String> rule) {

        public static Observed any(Incident incident) {
            return new Observed(incident, Optional.empty());
        }
    }

    public record Outgoing(String channel, Notification notification) {}

    public record Plan(List<Outgoing> outbox, Map<Key, Throttle.State> states, long suppressed) {}

    public static Plan plan(
            Collection<AlertRule> rules, List<Observed> observed, Function<Key, Throttle.State> stored) {
        List<Observed> ordered = new ArrayList<>(observed);
        ordered.sort(Comparator.comparing(o -> o.incident().at()));
        Map<Key, Throttle.State> states = new LinkedHashMap<>();
        List<Outgoing> outbox = new ArrayList<>();
        long suppressed = 0;
        for (Observed o : ordered) {
            Incident incident = o.incident();
            for (AlertRule rule : rules) {
                if (!rule.watches(incident)
                        || o.rule().filter(r -> !r.equals(rule.name())).isPresent()) {
                    continue;
                }
                Key key = new Key(rule.name(), incident.scope(), incident.cause());
                Throttle.State state = states.computeIfAbsent(key, stored);
                Throttle.Decision decision = Throttle.decide(rule.window(), state, incident);
                if (decision.kind() != Throttle.Kind.NOTHING) {
                    states.put(key, decision.next());
                }
                if (decision.kind() == Throttle.Kind.SUPPRESSED) {
                    suppressed++;
                }
                if (decision.notifies()) {
                    Notification n = new Notification(
                            rule.name(),
                            incident.cause(),
                            incident.scope(),
                            decision.kind(),
                            incident.subject(),
                            incident.detail(),
                            decision.suppressedBefore(),
                            incident.at());
                    rule.channels().forEach(channel -> outbox.add(new Outgoing(channel, n)));
                }
            }
        }
        return new Plan(outbox, states, suppressed);
    }
}
