package io.sluice.runs;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * What was wrong with a JSON value, in words a user reads instead of the JSON library's (which name Java types and
 * its own settings: {@code Cannot coerce String value ("3") to `int` value (but might if coercion using CoercionConfig
 * was enabled)}, {@code Unexpected character ('b' (code 98))}). Pure: reads the exception only.
 */
public final class JsonMistake {

    private static final Set<Class<?>> WHOLE = Set.of(int.class, Integer.class, long.class, Long.class, short.class, Short.class,
            byte.class, Byte.class, BigInteger.class);
    private static final Set<Class<?>> NUMBER = Set.of(double.class, Double.class, float.class, Float.class, BigDecimal.class, Number.class);

    private JsonMistake() {
    }

    /**
     * For a value of the wrong kind at a known field: what the field needed and what it got, for example
     * {@code must be a whole number, not the text "3"}; empty for a mistake of another kind (see {@link #syntax}).
     */
    public static java.util.Optional<String> ofField(JsonProcessingException e) {
        if (e instanceof UnrecognizedPropertyException u) {
            Collection<Object> known = u.getKnownPropertyIds();
            return java.util.Optional.of("is not a field of this request" + (known == null || known.isEmpty() ? ""
                    : "; the fields are " + known.stream().map(String::valueOf).collect(Collectors.toCollection(TreeSet::new)).stream()
                    .collect(Collectors.joining(", "))));
        }
        if (e instanceof MismatchedInputException m && m.getTargetType() != null
                && (m.getOriginalMessage() == null || !m.getOriginalMessage().startsWith("Trailing token"))) {
            String given = given(m);
            return java.util.Optional.of(given.equals("missing") ? "must be given: " + expected(m.getTargetType())
                    : "must be " + expected(m.getTargetType()) + ", not " + given);
        }
        if (e instanceof JsonMappingException m && m.getCause() instanceof InputCoercionException c) {
            return java.util.Optional.of(outOfRange(c));
        }
        if (e instanceof InputCoercionException c) {
            return java.util.Optional.of(outOfRange(c));
        }
        return java.util.Optional.empty();
    }

    /** What is wrong with text that is not one well-formed JSON value, with where, for example {@code unexpected character 'b' at line 1, column 2}. */
    public static String syntax(JsonProcessingException e) {
        String message = e.getOriginalMessage() == null ? "" : e.getOriginalMessage().split("\n")[0];
        String words = reword(message);
        JsonLocation at = e.getLocation();
        return at == null || at.getLineNr() < 1 || words.startsWith("there is more") || words.startsWith("the body is empty") ? words
                : words + " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")";
    }

    /** {@link #ofField} when it applies, otherwise {@link #syntax}; for text that names no field. */
    public static String of(JsonProcessingException e) {
        return ofField(e).orElseGet(() -> syntax(e));
    }

    private static String reword(String message) {
        String m = message.replaceAll("\\s*\\(start marker at .*$", "").replaceAll("\\s*\\(for Object starting at .*$", "");
        if (m.startsWith("Unexpected end-of-input")) {
            return m.contains("for Array") ? "the JSON ends before a list is closed with ]"
                    : m.contains("for Object") ? "the JSON ends before an object is closed with }" : "the JSON ends too early";
        }
        if (m.startsWith("No content to map")) {
            return "the body is empty; send a JSON object";
        }
        if (m.startsWith("Trailing token")) {
            return "there is more after the JSON value; send exactly one JSON value";
        }
        if (m.startsWith("Duplicate field")) {
            return m.replaceFirst("Duplicate field '(.*)'$", "the field '$1' is given twice");
        }
        if (m.startsWith("Illegal unquoted character")) {
            return "a control character in a string must be escaped with a backslash (\\n, \\t, \\u0000)";
        }
        String value = "a JSON value (text in double quotes, a number, a list, an object, true, false or null)";
        m = m.replaceAll("\\(JSON String, Number, Array, Object or token 'null', 'true' or 'false'\\)", value)
                .replace("expected a valid value " + value, "expected " + value)
                .replace("was expecting " + value, "expected " + value)
                .replace("was expecting double-quote to start field name", "a field name must be in double quotes")
                .replace("was expecting comma to separate", "expected a comma to separate")
                .replace("was expecting a colon to separate field name and value", "expected a colon between a field name and its value")
                .replace("was expecting", "expected")
                .replaceAll("Object entries", "the fields of an object").replaceAll("Array entries", "the values of a list");
        m = m.replaceAll("Unexpected character \\('(.+?)' \\(code \\d+\\)\\)", "unexpected character '$1'")
                .replaceAll("Unexpected character \\(\\(CTRL-CHAR, code (\\d+)\\)\\)", "unexpected control character (code $1)")
                .replaceAll("^Unrecognized token '(.*?)'", "unexpected word '$1'")
                .replaceAll("^Unexpected close marker '(.)'", "unexpected '$1'");
        return m.replaceFirst(": ", "; ");
    }

    private static String expected(Class<?> type) {
        if (WHOLE.contains(type)) {
            return "a whole number";
        }
        if (NUMBER.contains(type)) {
            return "a number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (CharSequence.class.isAssignableFrom(type) || type == char.class || type == Character.class) {
            return "text (in double quotes)";
        }
        if (type.isEnum()) {
            return "one of " + Arrays.stream(type.getEnumConstants()).map(String::valueOf).collect(Collectors.joining(", "));
        }
        if (type == LocalDate.class) {
            return "a date such as \"2024-12-31\"";
        }
        if (type == Instant.class || type == OffsetDateTime.class) {
            return "a time such as \"2025-01-01T00:00:00Z\"";
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "a list [...]";
        }
        if (Map.class.isAssignableFrom(type) || type.isRecord() || type == Object.class) {
            return "an object {...}";
        }
        return "a value of another kind";
    }

    /**
     * What was given where a value of another kind belongs: the value, or the parser's current token (a tree being bound),
     * or else what the library's message says (the parser of a request body is closed by the time it is read).
     */
    private static String given(MismatchedInputException m) {
        if (m instanceof InvalidFormatException f && f.getValue() != null) {
            return describe(f.getValue());
        }
        if (m.getProcessor() instanceof JsonParser parser && !parser.isClosed() && parser.currentToken() != null) {
            try {
                return switch (parser.currentToken()) {
                    case VALUE_STRING -> describe(parser.getText());
                    case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "the number " + parser.getText();
                    case VALUE_TRUE -> "true";
                    case VALUE_FALSE -> "false";
                    case VALUE_NULL -> "null";
                    case START_ARRAY -> "a list";
                    case START_OBJECT, FIELD_NAME -> "an object";
                    case END_OBJECT -> "missing";
                    default -> "a value of another kind";
                };
            } catch (java.io.IOException | RuntimeException e) {
                return "a value of another kind";
            }
        }
        return fromMessage(m.getOriginalMessage() == null ? "" : m.getOriginalMessage());
    }

    private static String fromMessage(String message) {
        java.util.regex.Matcher coerced = java.util.regex.Pattern.compile("^Cannot coerce (String|Integer|Floating-point) value \\((.*?)\\) to ")
                .matcher(message);
        if (coerced.find()) {
            String value = coerced.group(2);
            return coerced.group(1).equals("String") ? describe(value.length() > 1 && value.startsWith("\"") && value.endsWith("\"")
                    ? value.substring(1, value.length() - 1) : value) : "the number " + value;
        }
        java.util.regex.Matcher text = java.util.regex.Pattern.compile("from String value \\('(.*)'\\)").matcher(message);
        if (text.find()) {
            return describe(text.group(1));
        }
        if (message.contains("VALUE_TRUE")) {
            return "true";
        }
        if (message.contains("VALUE_FALSE")) {
            return "false";
        }
        if (message.contains("from Object value")) {
            return "an object";
        }
        if (message.contains("from Array value")) {
            return "a list";
        }
        if (message.contains("from String value")) {
            return "text";
        }
        if (message.contains("from Integer value") || message.contains("from Floating-point value")) {
            return "a number";
        }
        if (message.startsWith("Cannot map `null`")) {
            return "null";
        }
        return "a value of another kind";
    }

    private static String describe(Object value) {
        if (value instanceof String s) {
            String shown = s.length() > 40 ? s.substring(0, 40) + "..." : s;
            return "the text \"" + shown.replaceAll("\\p{Cntrl}", "\uFFFD") + "\"";
        }
        if (value instanceof Number n) {
            return "the number " + n;
        }
        return String.valueOf(value);
    }

    private static String outOfRange(InputCoercionException c) {
        Class<?> type = c.getTargetType();
        String range = type == int.class || type == Integer.class ? "from -2,147,483,648 to 2,147,483,647"
                : type == long.class || type == Long.class ? "from -9,223,372,036,854,775,808 to 9,223,372,036,854,775,807"
                : type == short.class || type == Short.class ? "from -32,768 to 32,767" : "within its range";
        String value = c.getOriginalMessage() == null ? "" : c.getOriginalMessage().replaceFirst("^Numeric value \\(([^)]*)\\).*$", "$1");
        return "must be a whole number " + range + (value.isEmpty() || value.equals(c.getOriginalMessage()) ? "" : ", not " + value);
    }
}
