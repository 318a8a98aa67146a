package io.sluice.lake;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * A statement or query and the values bound to its parameters: {@code ?} (in order) or {@code $1}, {@code $2} (by
 * position, each as often as needed). Values never become SQL text: the engine binds them, so a key such as
 * {@code x' OR '1'='1} stays a key.
 *
 * <pre>{@code
 * Sql.of("SELECT * FROM raw_orders WHERE loaded_at > ? AND customer_id IN (SELECT unnest(?))", since, keys)
 * }</pre>
 *
 * <p>A value is text ({@code String}), a number ({@code Integer}, {@code Long}, {@code Short}, {@code Byte},
 * {@code Double}, {@code Float}, {@code BigDecimal}), a {@code Boolean}, a {@code LocalDate} (a DATE), an {@code Instant}
 * or an {@code OffsetDateTime} (a TIMESTAMPTZ), {@code null} (cast it, {@code ?::DATE}, where its type matters), or a
 * {@code List} of text or of numbers, bound as one list value ({@code VARCHAR[]}, {@code BIGINT[]}, {@code DOUBLE[]}): read
 * it with {@code unnest(?)} or {@code list_contains(?, x)}. An empty list is a {@code VARCHAR[]}.
 *
 * @param text   the SQL, with parameters as {@code ?} or {@code $n}
 * @param params the values, in the order of the parameters (of their numbers for {@code $n})
 */
public record Sql(String text, List<Object> params) {

    public Sql {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("SQL must not be blank");
        }
        params = Collections.unmodifiableList(new ArrayList<>(Objects.requireNonNull(params, "params")));
        for (int i = 0; i < params.size(); i++) {
            check(params.get(i), i + 1);
        }
    }

    /** {@code text} with {@code params} bound to its parameters, in order. */
    public static Sql of(String text, Object... params) {
        return new Sql(text, Arrays.asList(params == null ? new Object[] {null} : params));
    }

    /**
     * This query inside a larger one, {@code before + text + after}, with the same values: the larger statement must add no
     * parameters of its own, e.g. {@code source.wrap("SELECT key, count(*) FROM (", ") GROUP BY key")}.
     */
    public Sql wrap(String before, String after) {
        return new Sql(before + text + after, params);
    }

    private static void check(Object value, int position) {
        if (value == null || scalar(value)) {
            return;
        }
        if (value instanceof List<?> list) {
            boolean texts = list.stream().allMatch(String.class::isInstance);
            boolean numbers = list.stream().allMatch(Sql::number);
            if (!texts && !numbers) {
                throw new IllegalArgumentException("parameter " + position
                        + ": a list is bound as a list of text or of numbers, not of mixed, null or other values");
            }
            return;
        }
        throw new IllegalArgumentException(
                "parameter " + position + ": cannot bind a "
                        + value.getClass().getSimpleName()
                        + " (bind text, a number, a Boolean, a LocalDate, an Instant, an OffsetDateTime or a List of text or numbers)");
    }

    private static boolean scalar(Object value) {
        return value instanceof String
                || number(value)
                || value instanceof Boolean
                || value instanceof LocalDate
                || value instanceof Instant
                || value instanceof OffsetDateTime;
    }

    private static boolean number(Object value) {
        return wholeNumber(value) || value instanceof Double || value instanceof Float || value instanceof BigDecimal;
    }

    private static boolean wholeNumber(Object value) {
        return value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte;
    }
}
