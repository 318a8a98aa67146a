package io.sluice.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConfigSchemaTest {

    enum Speed {
        SLOW,
        FAST
    }

    record Config(
            @Min(1) @Max(100) int firms,
            @NotNull LocalDate through,
            @NotBlank String label,
            Speed speed,
            List<String> tags,
            boolean dryRun) {}

    @Test
    @SuppressWarnings("unchecked")
    void derivesTypesConstraintsAndDefaultsFromTheRecord() {
        Map<String, Object> schema = ConfigSchema.of(
                Config.class, new Config(10, LocalDate.of(2024, 12, 31), "x", Speed.FAST, List.of(), false));
        assertThat(schema)
                .containsEntry("type", "object")
                .containsEntry("additionalProperties", false)
                .containsEntry("title", "Config");
        Map<String, Map<String, Object>> props = (Map<String, Map<String, Object>>) schema.get("properties");
        assertThat(props.keySet()).containsExactly("firms", "through", "label", "speed", "tags", "dryRun");
        assertThat(props.get("firms"))
                .containsEntry("type", "integer")
                .containsEntry("minimum", 1L)
                .containsEntry("maximum", 100L)
                .containsEntry("default", 10);
        assertThat(props.get("through"))
                .containsEntry("type", "string")
                .containsEntry("format", "date")
                .containsEntry("default", "2024-12-31");
        assertThat(props.get("label")).containsEntry("minLength", 1);
        assertThat(props.get("speed"))
                .containsEntry("enum", List.of("SLOW", "FAST"))
                .containsEntry("default", "FAST");
        assertThat(props.get("tags")).containsEntry("type", "array").containsEntry("items", Map.of("type", "string"));
        assertThat(props.get("dryRun")).containsEntry("type", "boolean");
        assertThat(schema)
                .as("a launch lays its config over the defaults: what has a default need not be given")
                .doesNotContainKey("required");
    }

    @Test
    @SuppressWarnings("unchecked")
    void requiresWhatMustNotBeEmptyAndHasNoDefault() {
        assertThat((List<String>) ConfigSchema.of(Config.class, new Config(10, null, " ", Speed.FAST, null, false))
                        .get("required"))
                .containsExactly("through", "label");
        assertThat((List<String>) ConfigSchema.of(Config.class, new Config(10, null, "x", null, null, false))
                        .get("required"))
                .as("a null default is fine where null is")
                .containsExactly("through");
    }
}
