package io.sluice.web;

import java.util.List;

/**
 * The launchpad as the page shows it: the catalog to pick from (with each asset's config form), what the form holds
 * (from the query string, or as posted), and what became of a post: a launch, a preview, or a refusal naming the field.
 */
public record LaunchView(
        List<Choice> assets,
        boolean anyPartitioned,
        String mode,
        String keys,
        String partitions,
        String from,
        String to,
        String reason,
        String config,
        String partitionsPerRun,
        String maxConcurrent,
        LaunchResult result) {

    /** One asset to pick, with its run-config form ({@code schema} is its JSON schema, for the editor's script). */
    public record Choice(
            String key,
            String group,
            String name,
            String domId,
            String description,
            boolean keyed,
            boolean partitioned,
            String partitions,
            String upstream,
            boolean selected,
            List<ConfigField> fields,
            String schema) {}

    public long selectedCount() {
        return assets.stream().filter(Choice::selected).count();
    }

    /** The refusal's message when it names this form field ({@code keys[0]} names keys), else null. */
    public String errorFor(String name) {
        if (result.error() == null || result.field() == null) {
            return null;
        }
        String field = result.field().split("[\\[.]", 2)[0];
        return field.equals(name) || ("assets".equals(field) && "asset".equals(name)) ? result.error() : null;
    }

    /** The refusal's message when it names this config field: {@code config.prop} of the one asset, or {@code config.asset.prop}. */
    public String configError(ConfigField f) {
        if (result.error() == null || result.field() == null) {
            return null;
        }
        String field = result.field();
        boolean single = selectedCount() == 1
                && assets.stream().anyMatch(c -> c.selected() && c.key().equals(f.asset()));
        return field.equals("config." + f.asset() + "." + f.prop()) || (single && field.equals("config." + f.prop()))
                ? result.error()
                : null;
    }
}
