package io.sluice.web;

import io.sluice.alerts.Notification;
import io.sluice.alerts.watch.AlertStore;
import io.sluice.catalog.AssetKey;

/**
 * One notification on the alerts page: when, which rule, firing or resolved, its scope (an asset, linked, or another
 * subject such as a node), what it says, the channel and how its delivery went.
 */
public record AlertNotificationRow(
        long id,
        String time,
        String timeIso,
        String rule,
        String kind,
        String scope,
        boolean scopeIsAsset,
        String title,
        String text,
        String channel,
        String delivery,
        int attempts,
        String sentAt,
        String lastError) {

    public boolean resolved() {
        return "RESOLVED".equals(kind);
    }

    /** The CSS status class of the delivery: sent reads as success, pending as queued, failed as failure. */
    public String deliveryClass() {
        return switch (delivery) {
            case "SENT" -> "s-SUCCESS";
            case "FAILED" -> "s-FAILURE";
            default -> "s-QUEUED";
        };
    }

    static AlertNotificationRow of(AlertStore.Stored s) {
        Notification n = s.notification();
        return new AlertNotificationRow(
                s.id(),
                Format.time(n.at()),
                Format.iso(n.at()),
                n.rule(),
                n.kind().name(),
                n.asset(),
                isAssetKey(n.asset()),
                n.title(),
                n.text(),
                s.channel(),
                s.status(),
                s.attempts(),
                s.sentAt().map(Format::time).orElse(null),
                s.lastError().orElse(null));
    }

    private static boolean isAssetKey(String scope) {
        if (scope == null || scope.isBlank() || scope.contains(" ") || !scope.contains("/")) {
            return false;
        }
        try {
            AssetKey.parse(scope);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
