package io.sluice.catalog;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Derives a JSON schema (draft 2020-12 subset) from a run config record: property types from the
 * component types, constraints from the Bean Validation annotations, defaults from the default config. It describes what
 * a launch's config may hold: {@code required} lists only what a launch must give (a property that must not be null and
 * has no default), as the launch lays the given properties over the defaults.
 */
public final class ConfigSchema {

    private ConfigSchema() {}

    public static Map<String, Object> of(Class<? extends Record> type, Record defaults) {
        Map<String, Object> schema = objectSchema(type, defaults);
        schema.put("$schema", "https://json-schema.org/draft/2020-12/schema");
        schema.put("title", type.getSimpleName());
        return schema;
    }

    private static Map<String, Object> objectSchema(Class<?> type, Object defaults) {
        Map<String, Object> properties = new LinkedHashMap<>();
        List<String> required = new ArrayList<>();
        for (RecordComponent c : type.getRecordComponents()) {
            Map<String, Object> p = typeSchema(c.getGenericType());
            constraints(c, p);
            Object fallback = defaults == null ? null : read(c, defaults);
            if (mustBeGiven(c, fallback)) {
                required.add(c.getName());
            }
            if (defaults != null) {
                Object value = fallback;
                if (value != null && isSimple(value)) {
                    p.put(
                            "default",
                            value instanceof Number || value instanceof Boolean || value instanceof String
                                    ? value
                                    : value instanceof Enum<?> e ? e.name() : value.toString());
                }
            }
            properties.put(c.getName(), p);
        }
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", properties);
        if (!required.isEmpty()) {
            schema.put("required", required);
        }
        schema.put("additionalProperties", false);
        return schema;
    }

    private static boolean isSimple(Object value) {
        return value instanceof String
                || value instanceof Number
                || value instanceof Boolean
                || value instanceof Enum<?>
                || value instanceof LocalDate
                || value instanceof Instant;
    }

    private static Object read(RecordComponent c, Object target) {
        try {
            return c.getAccessor().invoke(target);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read config component " + c.getName(), e);
        }
    }

    private static Map<String, Object> typeSchema(Type type) {
        Map<String, Object> p = new LinkedHashMap<>();
        if (type instanceof ParameterizedType pt
                && pt.getRawType() instanceof Class<?> raw
                && Collection.class.isAssignableFrom(raw)) {
            p.put("type", "array");
            p.put("items", typeSchema(pt.getActualTypeArguments()[0]));
            return p;
        }
        Class<?> c = type instanceof Class<?> k ? k : Object.class;
        if (c == String.class) {
            p.put("type", "string");
        } else if (c == int.class || c == Integer.class || c == long.class || c == Long.class) {
            p.put("type", "integer");
        } else if (c == double.class
                || c == Double.class
                || c == float.class
                || c == Float.class
                || Number.class.isAssignableFrom(c)) {
            p.put("type", "number");
        } else if (c == boolean.class || c == Boolean.class) {
            p.put("type", "boolean");
        } else if (c == LocalDate.class) {
            p.put("type", "string");
            p.put("format", "date");
        } else if (c == Instant.class) {
            p.put("type", "string");
            p.put("format", "date-time");
        } else if (c.isEnum()) {
            p.put("type", "string");
            p.put(
                    "enum",
                    Arrays.stream(c.getEnumConstants())
                            .map(e -> ((Enum<?>) e).name())
                            .toList());
        } else if (c.isRecord()) {
            p.putAll(objectSchema(c, null));
        } else {
            p.put("type", "object");
        }
        return p;
    }

    /**
     * Whether a launch must give the property: a launch's config is laid over the defaults, so a property is required
     * only when it must not be null (or blank) and its default is (an object of a nested record replaces the default
     * whole, so there every such property is required).
     */
    private static boolean mustBeGiven(RecordComponent component, Object fallback) {
        Method c = component.getAccessor();
        if (c.isAnnotationPresent(NotBlank.class)) {
            return !(fallback instanceof CharSequence text) || text.toString().isBlank();
        }
        return c.isAnnotationPresent(NotNull.class) && fallback == null;
    }

    /** Bean Validation annotations do not target record components; they land on the field and the accessor. */
    private static void constraints(RecordComponent component, Map<String, Object> p) {
        Method c = component.getAccessor();
        if (c.isAnnotationPresent(NotBlank.class)) {
            p.put("minLength", 1);
        }
        Min min = c.getAnnotation(Min.class);
        if (min != null) {
            p.put("minimum", min.value());
        }
        Max max = c.getAnnotation(Max.class);
        if (max != null) {
            p.put("maximum", max.value());
        }
        DateBetween days = c.getAnnotation(DateBetween.class);
        if (days != null) {
            p.put("formatMinimum", days.min());
            p.put("formatMaximum", days.max());
        }
        Pattern pattern = c.getAnnotation(Pattern.class);
        if (pattern != null) {
            p.put("pattern", pattern.regexp());
        }
        Size size = c.getAnnotation(Size.class);
        if (size != null) {
            boolean array = "array".equals(p.get("type"));
            p.put(array ? "minItems" : "minLength", size.min());
            if (size.max() != Integer.MAX_VALUE) {
                p.put(array ? "maxItems" : "maxLength", size.max());
            }
        }
    }
}
