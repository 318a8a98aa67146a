package io.sluice.alerts.watch;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.sluice.alerts.AlertCause;
import io.sluice.alerts.AlertRule;
import io.sluice.alerts.AssetSelection;
import io.sluice.alerts.deliver.AlertRegistry;
import io.sluice.alerts.deliver.AlertSettings;
import io.sluice.alerts.deliver.Channel;
import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditLog;
import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.RequestRejected;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The alert rules: declared in code (every CDI bean of type {@link AlertRule}, a {@code @Produces @Singleton} method
 * beside the assets, as schedules are) over the channels configured in {@code sluice.alerts.channels.*}, checked
 * together at start; and their run-time edits (enabled, assets and groups, channels, window), stored and audited,
 * which win over the code until reset.
 */
@ApplicationScoped
public class AlertRules {

    static final Duration MAX_WINDOW = Duration.ofDays(7);

    private final AlertRegistry registry;
    private final AlertStore store;
    private final AuditLog audit;
    private final AssetCatalog catalog;
    private final InstantSource clock;

    @Inject
    AlertRules(
            Instance<AlertRule> declared,
            AlertSettings settings,
            AlertStore store,
            AuditLog audit,
            AssetCatalog catalog,
            InstantSource clock) {
        this(AlertRegistry.of(declared.stream().toList(), settings.channels()), store, audit, catalog, clock);
    }

    AlertRules(AlertRegistry registry, AlertStore store, AuditLog audit, AssetCatalog catalog, InstantSource clock) {
        this.registry = registry;
        this.store = store;
        this.audit = audit;
        this.catalog = catalog;
        this.clock = clock;
        for (AlertRule rule : registry.rules().values()) {
            for (String asset : rule.assets().assets()) {
                if (catalog.find(AssetKey.parse(asset)).isEmpty()) {
                    throw new IllegalStateException(
                            "alert rule " + rule.name() + " watches asset " + asset + ", which is not in the catalog");
                }
            }
        }
    }

    /** A rule as it is in force, with its edit if it has one. */
    public record Effective(AlertRule rule, AlertRule declared, Optional<AlertStore.RuleEdit> edit) {}

    /** Every rule as in force now (its stored edit applied), by name. */
    public List<Effective> all() {
        Map<String, AlertStore.RuleEdit> edits = store.edits();
        List<Effective> out = new ArrayList<>();
        registry.rules().values().forEach(rule -> {
            Optional<AlertStore.RuleEdit> edit = Optional.ofNullable(edits.get(rule.name()));
            out.add(new Effective(edit.map(e -> apply(rule, e)).orElse(rule), rule, edit));
        });
        return out;
    }

    public List<AlertRule> inForce() {
        return all().stream().map(Effective::rule).toList();
    }

    public Effective get(String name) {
        return all().stream()
                .filter(e -> e.rule().name().equals(name))
                .findFirst()
                .orElseThrow(() -> RequestRejected.notFound(
                        "name",
                        "no alert rule is named '" + name + "'; rules: "
                                + (registry.rules().isEmpty()
                                        ? "none is declared"
                                        : String.join(", ", registry.rules().keySet()))));
    }

    public Collection<Channel> channels() {
        return registry.channels().values();
    }

    public Optional<Channel> channel(String name) {
        return registry.channel(name);
    }

    /**
     * A window given in minutes, as every face takes it: 0 to 10,080 (7 days), refused otherwise before any
     * arithmetic (a huge number would overflow a {@link Duration}).
     */
    public static Duration windowOfMinutes(long minutes) {
        if (minutes < 0 || minutes > MAX_WINDOW.toMinutes()) {
            throw RequestRejected.invalid(
                    "windowMinutes", "the window is 0 to " + MAX_WINDOW.toMinutes() + " minutes, not " + minutes);
        }
        return Duration.ofMinutes(minutes);
    }

    /** What an edit changes; each field empty keeps the rule's value in force. */
    public record Change(
            Optional<Boolean> enabled,
            Optional<Set<AlertCause>> causes,
            Optional<List<String>> assets,
            Optional<List<String>> groups,
            Optional<List<String>> channels,
            Optional<Duration> window) {}

    /**
     * Edits a rule: the change is merged into its stored edit, checked (assets in the catalog, channels configured, the
     * window from 0 to 7 days), stored and audited in one transaction. Returns the rule as now in force.
     */
    public Effective edit(String name, Change change, String actor) {
        Effective current = get(name);
        change.assets()
                .ifPresent(list -> list.forEach(a -> {
                    AssetKey key;
                    try {
                        key = AssetKey.parse(a);
                    } catch (IllegalArgumentException e) {
                        throw RequestRejected.invalid("assets", e.getMessage());
                    }
                    if (catalog.find(key).isEmpty()) {
                        throw RequestRejected.invalid("assets", "asset " + a + " is not in the catalog");
                    }
                }));
        change.channels().ifPresent(list -> {
            if (list.isEmpty()) {
                throw RequestRejected.invalid("channels", "a rule notifies at least one channel");
            }
            list.forEach(ch -> {
                if (registry.channel(ch).isEmpty()) {
                    throw RequestRejected.invalid(
                            "channels",
                            "channel " + ch + " is not configured; channels: "
                                    + (registry.channels().isEmpty()
                                            ? "none"
                                            : String.join(
                                                    ", ", registry.channels().keySet())));
                }
            });
        });
        change.window().ifPresent(w -> {
            if (w.isNegative() || w.compareTo(MAX_WINDOW) > 0) {
                throw RequestRejected.invalid(
                        "windowMinutes", "the window is 0 to " + MAX_WINDOW.toMinutes() + " minutes");
            }
        });
        Optional<AlertStore.RuleEdit> before = current.edit();
        Instant now = clock.instant();
        AlertStore.RuleEdit edit = new AlertStore.RuleEdit(
                name,
                change.enabled().or(() -> before.flatMap(AlertStore.RuleEdit::enabled)),
                change.causes().or(() -> before.flatMap(AlertStore.RuleEdit::causes)),
                change.assets()
                        .or(() -> before.flatMap(AlertStore.RuleEdit::assets))
                        .map(AlertRules::distinct),
                change.groups()
                        .or(() -> before.flatMap(AlertStore.RuleEdit::groups))
                        .map(AlertRules::distinct),
                change.channels()
                        .or(() -> before.flatMap(AlertStore.RuleEdit::channels))
                        .map(AlertRules::distinct),
                change.window().or(() -> before.flatMap(AlertStore.RuleEdit::window)),
                actor,
                now);
        AlertRule after;
        try {
            after = apply(current.declared(), edit);
        } catch (IllegalArgumentException e) {
            throw RequestRejected.invalid("causes", e.getMessage());
        }
        QuarkusTransaction.joiningExisting().run(() -> {
            store.saveEdit(edit);
            audit.record(
                    AuditEvent.of(now, actor, AuditAction.ALERT_RULE_EDITED, null, null, null, describe(name, after)));
        });
        return new Effective(after, current.declared(), Optional.of(edit));
    }

    /** Drops a rule's edit: the rule is again as the code declares it. */
    public Effective reset(String name, String actor) {
        Effective current = get(name);
        QuarkusTransaction.joiningExisting().run(() -> {
            store.removeEdit(name);
            audit.record(AuditEvent.of(
                    clock.instant(),
                    actor,
                    AuditAction.ALERT_RULE_RESET,
                    null,
                    null,
                    null,
                    describe(name, current.declared())));
        });
        return new Effective(current.declared(), current.declared(), Optional.empty());
    }

    private static Map<String, Object> describe(String name, AlertRule rule) {
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("rule", name);
        detail.put("enabled", rule.enabled());
        detail.put("causes", rule.causes().stream().map(Enum::name).sorted().toList());
        detail.put("assets", rule.assets().describe());
        detail.put("channels", rule.channels());
        detail.put("windowMinutes", rule.window().toMinutes());
        return detail;
    }

    static AlertRule apply(AlertRule rule, AlertStore.RuleEdit edit) {
        AssetSelection selection = edit.assets().isPresent() || edit.groups().isPresent()
                ? new AssetSelection(
                        new HashSet<>(
                                edit.assets().orElse(List.copyOf(rule.assets().assets()))),
                        new HashSet<>(
                                edit.groups().orElse(List.copyOf(rule.assets().groups()))))
                : rule.assets();
        return new AlertRule(
                rule.name(),
                edit.causes().orElse(rule.causes()),
                selection,
                edit.channels().orElse(rule.channels()),
                edit.window().orElse(rule.window()),
                rule.maxDuration(),
                edit.enabled().orElse(rule.enabled()));
    }

    private static List<String> distinct(List<String> values) {
        return values.stream()
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .distinct()
                .toList();
    }
}
