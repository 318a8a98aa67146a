package io.sluice.runs.launch;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.catalog.AssetSpec;
import io.sluice.runs.JsonRefusal;
import io.sluice.runs.RequestRejected;
import io.sluice.text.Text;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Turns the JSON config of a request into the asset's config record: the request's fields are laid
 * over the declared defaults, unknown fields and wrong types are rejected, then Bean Validation runs.
 */
@ApplicationScoped
public class ConfigBinder {

    private final ObjectMapper mapper;
    private final Validator validator;

    public ConfigBinder(ObjectMapper mapper, Validator validator) {
        this.mapper = mapper.copy()
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
        this.validator = validator;
    }

    /** The defaults with {@code given} laid over them, checked; {@code field} names the request field for errors. */
    public ObjectNode merge(AssetSpec<?> spec, JsonNode given, String field) {
        ObjectNode merged = mapper.valueToTree(spec.defaultConfig());
        if (given == null || given.isNull()) {
            return merged;
        }
        if (!given.isObject()) {
            throw RequestRejected.malformed(field, "config of " + spec.key() + " must be a JSON object");
        }
        List<String> known = Arrays.stream(spec.configType().getRecordComponents())
                .map(RecordComponent::getName)
                .toList();
        for (Iterator<String> names = given.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!known.contains(name)) {
                throw RequestRejected.malformed(
                        field + "." + name,
                        "unknown config property " + Text.quote(name) + " of " + spec.key() + "; known: "
                                + (known.isEmpty() ? "none" : String.join(", ", known)));
            }
        }
        merged.setAll((ObjectNode) given);
        bind(spec, merged, field);
        return merged;
    }

    /** Binds a merged config node to the record and validates it. */
    public <C extends Record> C bind(AssetSpec<C> spec, JsonNode merged, String field) {
        C config;
        try {
            config = mapper.treeToValue(merged, spec.configType());
        } catch (JsonProcessingException e) {
            throw JsonRefusal.of(e, field, "config of " + spec.key());
        } catch (IllegalArgumentException e) {
            throw RequestRejected.invalid(field, "config of " + spec.key() + " is not valid: " + e.getMessage());
        }
        Set<ConstraintViolation<C>> violations = validator.validate(config);
        if (!violations.isEmpty()) {
            ConstraintViolation<C> first = violations.stream()
                    .min(Comparator.comparing(v -> v.getPropertyPath().toString()))
                    .orElseThrow();
            String all = violations.stream()
                    .map(v -> v.getPropertyPath() + " " + v.getMessage())
                    .sorted()
                    .collect(Collectors.joining("; "));
            throw RequestRejected.invalid(
                    field + "." + first.getPropertyPath(), "config of " + spec.key() + " is not valid: " + all);
        }
        return config;
    }
}
