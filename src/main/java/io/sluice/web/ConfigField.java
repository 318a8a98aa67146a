package io.sluice.web;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One field of the launchpad's config form, generated from an asset's run-config JSON schema ({@code ConfigSchema}):
 * {@code kind} is the JSON type the editor writes ({@code integer}, {@code number}, {@code boolean}, {@code string}),
 * {@code input} the control ({@code number}, {@code date}, {@code select}, {@code text}). Properties of other types
 * (lists, nested records) are left to the JSON editor beside it.
 */
public record ConfigField(
        String asset,
        String domId,
        String prop,
        String kind,
        String input,
        String defaultValue,
        String min,
        String max,
        List<String> options,
        String hint) {

    /** The fields of one asset's schema, in declaration order. */
    @SuppressWarnings("unchecked")
    static List<ConfigField> of(String asset, Map<String, Object> schema) {
        Object properties = schema.get("properties");
        if (!(properties instanceof Map<?, ?> props)) {
            return List.of();
        }
        List<ConfigField> fields = new ArrayList<>();
        for (Map.Entry<?, ?> e : props.entrySet()) {
            if (e.getValue() instanceof Map<?, ?> p) {
                field(asset, String.valueOf(e.getKey()), (Map<String, Object>) p)
                        .ifPresent(fields::add);
            }
        }
        return fields;
    }

    private static java.util.Optional<ConfigField> field(String asset, String prop, Map<String, Object> p) {
        String type = String.valueOf(p.get("type"));
        String def = p.containsKey("default") ? String.valueOf(p.get("default")) : "";
        String domId = Format.domId(asset) + "--" + prop;
        List<String> options = List.of();
        String input;
        String min = "";
        String max = "";
        List<String> hint = new ArrayList<>();
        switch (type) {
            case "integer", "number" -> {
                input = "number";
                min = text(p.get("minimum"));
                max = text(p.get("maximum"));
                if (!min.isEmpty()) hint.add("at least " + min);
                if (!max.isEmpty()) hint.add("at most " + max);
            }
            case "boolean" -> {
                input = "select";
                options = List.of("true", "false");
            }
            case "string" -> {
                if (p.get("enum") instanceof List<?> values) {
                    input = "select";
                    options = values.stream().map(String::valueOf).toList();
                } else if ("date".equals(p.get("format"))) {
                    input = "date";
                    min = text(p.get("formatMinimum"));
                    max = text(p.get("formatMaximum"));
                    hint.add("a date");
                    if (!min.isEmpty()) hint.add("from " + min);
                    if (!max.isEmpty()) hint.add("to " + max);
                } else {
                    input = "text";
                    if (p.get("pattern") != null) hint.add("matching " + p.get("pattern"));
                }
            }
            default -> {
                return java.util.Optional.empty();
            }
        }
        if (!def.isEmpty()) hint.add("default " + def);
        return java.util.Optional.of(
                new ConfigField(asset, domId, prop, type, input, def, min, max, options, String.join(", ", hint)));
    }

    private static String text(Object value) {
        return value == null ? "" : String.valueOf(value);
    }
}
