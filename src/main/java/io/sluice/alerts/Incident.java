package io.sluice.alerts;

import io.sluice.catalog.AssetKey;
import java.time.Instant;
import java.util.Optional;

/**
 * Something that happened, as alerting sees it: a cause on an asset (or on none: a node, a tick), what it concerns (a
 * run, a backfill, a check, a partition), a sentence, and whether it is the cause clearing (a run of the asset
 * succeeded again, the asset is fresh again) rather than firing.
 *
 * @param key what identifies the happening itself, so that it is handled once (an audit event's id, a transition)
 */
public record Incident(
        AlertCause cause,
        Optional<AssetKey> asset,
        String subject,
        String detail,
        Instant at,
        boolean clearing,
        String key) {

    public Incident {
        asset = asset == null ? Optional.empty() : asset;
        if (clearing && !cause.clears()) {
            throw new IllegalArgumentException(cause + " is a one-off: nothing clears it");
        }
    }

    public static Incident firing(
            AlertCause cause, Optional<AssetKey> asset, String subject, String detail, Instant at, String key) {
        return new Incident(cause, asset, subject, detail, at, false, key);
    }

    public static Incident clearing(
            AlertCause cause, Optional<AssetKey> asset, String subject, String detail, Instant at, String key) {
        return new Incident(cause, asset, subject, detail, at, true, key);
    }

    /**
     * What the throttle counts per rule and cause: the asset, or the subject of what concerns no asset ("node n1",
     * "schedule daily"), so that two nodes lost are two incidents.
     */
    public String scope() {
        return asset.map(AssetKey::toString).orElse(subject);
    }
}
