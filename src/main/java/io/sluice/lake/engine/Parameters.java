package io.sluice.lake.engine;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;

/**
 * Binds values to the parameters of a lake statement over JDBC: the values {@link io.sluice.lake.Sql} accepts, and the
 * engines' own {@code long[]} and {@code String[]} lists. A value never becomes SQL text. A list is bound as one SQL
 * array, whose element types each engine names its own way ({@link #Parameters(String, String, String)}).
 */
public final class Parameters {

    private final String text;
    private final String whole;
    private final String decimal;

    /**
     * @param text    the engine's name of the element type of a list of text ({@code VARCHAR})
     * @param whole   that of a list of whole numbers ({@code BIGINT})
     * @param decimal that of a list of other numbers ({@code DOUBLE})
     */
    public Parameters(String text, String whole, String decimal) {
        this.text = text;
        this.whole = whole;
        this.decimal = decimal;
    }

    /** {@code sql} prepared on {@code connection} with {@code params} bound, in order; the caller closes it. */
    public PreparedStatement prepare(Connection connection, String sql, List<?> params) throws SQLException {
        PreparedStatement p = connection.prepareStatement(sql);
        try {
            for (int i = 0; i < params.size(); i++) {
                bind(connection, p, i + 1, params.get(i));
            }
            return p;
        } catch (SQLException | RuntimeException e) {
            p.close();
            throw e;
        }
    }

    /**
     * Binds one value: text, a number (a Long as BIGINT, an Integer as INTEGER), a Boolean, a LocalDate (DATE), an Instant or OffsetDateTime
     * (TIMESTAMPTZ), null, or a list (a {@code List} of text or numbers, a {@code long[]} or a {@code String[]}) as one
     * list value: an array of text, whole numbers or other numbers.
     */
    public void bind(Connection connection, PreparedStatement p, int index, Object value) throws SQLException {
        if (value == null) {
            p.setObject(index, null);
        } else if (value instanceof String text) {
            p.setString(index, text);
        } else if (value instanceof Long whole) {
            p.setLong(index, whole);
        } else if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
            p.setInt(index, ((Number) value).intValue());
        } else if (value instanceof Double || value instanceof Float) {
            p.setDouble(index, ((Number) value).doubleValue());
        } else if (value instanceof BigDecimal decimal) {
            p.setBigDecimal(index, decimal);
        } else if (value instanceof Boolean flag) {
            p.setBoolean(index, flag);
        } else if (value instanceof LocalDate date) {
            p.setObject(index, date);
        } else if (value instanceof Instant instant) {
            p.setObject(index, OffsetDateTime.ofInstant(instant, ZoneOffset.UTC));
        } else if (value instanceof OffsetDateTime time) {
            p.setObject(index, time);
        } else if (value instanceof List<?> list) {
            p.setArray(index, list(connection, list));
        } else if (value instanceof long[] ids) {
            p.setArray(
                    index,
                    connection.createArrayOf(whole, Arrays.stream(ids).boxed().toArray()));
        } else if (value instanceof String[] texts) {
            p.setArray(index, connection.createArrayOf(text, texts));
        } else {
            throw new IllegalArgumentException(
                    "cannot bind " + value.getClass().getSimpleName() + " to parameter " + index);
        }
    }

    private java.sql.Array list(Connection connection, List<?> values) throws SQLException {
        if (values.stream().allMatch(String.class::isInstance)) {
            return connection.createArrayOf(text, values.toArray());
        }
        if (values.stream()
                .allMatch(v -> v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte)) {
            return connection.createArrayOf(
                    whole, values.stream().map(v -> ((Number) v).longValue()).toArray());
        }
        if (values.stream().allMatch(Number.class::isInstance)) {
            return connection.createArrayOf(
                    decimal,
                    values.stream().map(v -> ((Number) v).doubleValue()).toArray());
        }
        throw new IllegalArgumentException(
                "a list is bound as a list of text or of numbers, not of mixed or null values");
    }
}
