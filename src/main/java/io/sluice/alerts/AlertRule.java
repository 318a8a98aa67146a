package io.sluice.alerts;

import io.sluice.text.Text;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A rule: which causes ({@link AlertCause}) on which assets notify which channels, at most once per asset and cause
 * within {@code window}. Declared in code as a CDI bean ({@code @Produces AlertRule}), like a schedule, and editable at
 * run time (enabled, assets, channels, window).
 *
 * @param maxDuration for {@link AlertCause#RUN_TOO_LONG}: how long a run may run; empty for the other causes
 */
public record AlertRule(
        String name,
        Set<AlertCause> causes,
        AssetSelection assets,
        List<String> channels,
        Duration window,
        Optional<Duration> maxDuration,
        boolean enabled) {

    /** The window of a rule that names none: one notification per asset and cause an hour. */
    public static final Duration DEFAULT_WINDOW = Duration.ofHours(1);

    public AlertRule {
        Text.nameProblem("an alert rule's name", name).ifPresent(p -> {
            throw new IllegalArgumentException(p);
        });
        if (causes == null || causes.isEmpty()) {
            throw new IllegalArgumentException("alert rule " + name + " names no cause");
        }
        causes = Set.copyOf(EnumSet.copyOf(causes));
        assets = assets == null ? AssetSelection.ALL : assets;
        channels = List.copyOf(channels == null ? List.of() : channels);
        if (channels.isEmpty()) {
            throw new IllegalArgumentException("alert rule " + name + " names no channel to notify");
        }
        for (String channel : channels) {
            Text.nameProblem("alert rule " + name + "'s channel", channel).ifPresent(p -> {
                throw new IllegalArgumentException(p);
            });
        }
        window = window == null ? DEFAULT_WINDOW : window;
        if (window.isNegative()) {
            throw new IllegalArgumentException("alert rule " + name + "'s window must not be negative");
        }
        maxDuration = maxDuration == null ? Optional.empty() : maxDuration;
        if (causes.contains(AlertCause.RUN_TOO_LONG) != maxDuration.isPresent()) {
            throw new IllegalArgumentException("alert rule " + name
                    + (maxDuration.isPresent()
                            ? " has a maximum duration but does not watch RUN_TOO_LONG"
                            : " watches RUN_TOO_LONG: give it a maximum duration (maxDuration)"));
        }
        maxDuration.ifPresent(d -> {
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException("alert rule " + name + "'s maximum duration must be positive");
            }
        });
    }

    /** A rule on {@code causes} of every asset, to {@code channels}, with the default window. */
    public static AlertRule on(String name, Set<AlertCause> causes, String... channels) {
        return new AlertRule(
                name, causes, AssetSelection.ALL, List.of(channels), DEFAULT_WINDOW, Optional.empty(), true);
    }

    /** A rule on runs (of every asset) running longer than {@code max}, to {@code channels}. */
    public static AlertRule runsLongerThan(String name, Duration max, String... channels) {
        return new AlertRule(
                name,
                Set.of(AlertCause.RUN_TOO_LONG),
                AssetSelection.ALL,
                List.of(channels),
                DEFAULT_WINDOW,
                Optional.of(max),
                true);
    }

    public AlertRule forAssets(AssetSelection selection) {
        return new AlertRule(name, causes, selection, channels, window, maxDuration, enabled);
    }

    public AlertRule within(Duration newWindow) {
        return new AlertRule(name, causes, assets, channels, newWindow, maxDuration, enabled);
    }

    public AlertRule enabled(boolean on) {
        return new AlertRule(name, causes, assets, channels, window, maxDuration, on);
    }

    /** Whether this rule is on and watches {@code incident}'s cause and asset. */
    public boolean watches(Incident incident) {
        return enabled && causes.contains(incident.cause()) && assets.matches(incident.asset());
    }
}
