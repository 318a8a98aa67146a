package io.sluice.runs;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import io.sluice.text.Text;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * JSON that could not be read, said in a user's words: the field, what it must be and what it is
 * ({@code request body field 'keys[0]' must be text, not the number 100001}); never a Java type or Jackson's own text.
 * Not JSON, a wrong type, an unknown or repeated field are unreadable; a whole number too large for its field is invalid.
 */
public final class JsonRefusal {

    private static final Pattern UNEXPECTED = Pattern.compile("^Unexpected character \\('(.+?)' \\(code (\\d+)");
    private static final Pattern TOKEN = Pattern.compile("^Unrecognized token '(.*?)'");
    private static final Pattern CONTROL =
            Pattern.compile("^Illegal unquoted character \\(\\(CTRL-CHAR, code (\\d+)\\)\\)");
    private static final Pattern DUPLICATE = Pattern.compile("^Duplicate field '(.*?)'");
    /** Jackson's words for the value it found: {@code Cannot coerce Integer value (100001) to}, {@code from Array value}. */
    private static final Pattern FOUND =
            Pattern.compile("(?:Cannot coerce|from) ([A-Z][A-Za-z-]*) value(?: \\((.*?)\\)(?= to | *$))?");

    private JsonRefusal() {}

    /** The refusal of a request body that could not be read. */
    public static RequestRejected body(JsonProcessingException e) {
        return of(e, null, "request body");
    }

    /**
     * The refusal of JSON that could not be read, as {@code noun} (like {@code config of extract/form_adv_filings}) whose
     * fields sit under {@code prefix} in the request (null: the request body itself).
     */
    public static RequestRejected of(JsonProcessingException e, String prefix, String noun) {
        String path = e instanceof JsonMappingException m ? path(m) : "";
        String field = path.isEmpty() ? prefix : prefix == null ? path : prefix + "." + path;
        String subject = path.isEmpty() ? noun : noun + " field '" + path + "'";
        InputCoercionException tooLarge = find(e, InputCoercionException.class);
        if (tooLarge != null) {
            return RequestRejected.invalid(field, subject + " is out of range: " + range(tooLarge.getTargetType()));
        }
        if (e instanceof UnrecognizedPropertyException u) {
            return RequestRejected.malformed(
                    field, noun + " field '" + path + "' is unknown; the fields are " + names(u.getKnownPropertyIds()));
        }
        if (e instanceof MismatchedInputException m && !path.isEmpty()) {
            return RequestRejected.malformed(field, subject + " must be " + expected(m.getTargetType()) + found(m));
        }
        if (e instanceof MismatchedInputException m) {
            String message = String.valueOf(m.getOriginalMessage());
            if (message.startsWith("Trailing token")) {
                return RequestRejected.malformed(
                        field, noun + " holds more after its JSON value" + at(e) + "; send one JSON value");
            }
            if (message.startsWith("No content to map")) {
                return RequestRejected.malformed(field, noun + " is empty; send a JSON object");
            }
            return RequestRejected.malformed(field, noun + " must be " + expected(m.getTargetType()) + found(m));
        }
        if (e instanceof StreamConstraintsException) {
            return RequestRejected.malformed(
                    field,
                    noun + " is not JSON Sluice reads" + at(e)
                            + ": it nests too deep, or holds a number or a name too long");
        }
        return RequestRejected.malformed(duplicateField(e, field), noun + " is not valid JSON" + at(e) + reason(e));
    }

    /** The JSON path of the field at fault, like {@code ranges[0].start}. */
    private static String path(JsonMappingException e) {
        return e.getPath().stream()
                .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                .collect(Collectors.joining("."))
                .replace(".[", "[");
    }

    private static <T extends Throwable> T find(Throwable e, Class<T> type) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }

    private static String range(Class<?> type) {
        if (type == Long.class || type == long.class) {
            return String.format("a whole number from %,d to %,d", Long.MIN_VALUE, Long.MAX_VALUE);
        }
        if (type == Short.class || type == short.class) {
            return String.format("a whole number from %,d to %,d", Short.MIN_VALUE, Short.MAX_VALUE);
        }
        return String.format("a whole number from %,d to %,d", Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    /** What a value of {@code type} is called. */
    static String expected(Class<?> type) {
        if (type == null) {
            return "of another type";
        }
        if (CharSequence.class.isAssignableFrom(type) || type == char.class || type == Character.class) {
            return "text";
        }
        if (type == int.class
                || type == Integer.class
                || type == long.class
                || type == Long.class
                || type == short.class
                || type == Short.class
                || type == byte.class
                || type == Byte.class
                || type == BigInteger.class) {
            return "a whole number";
        }
        if (type == double.class
                || type == Double.class
                || type == float.class
                || type == Float.class
                || Number.class.isAssignableFrom(type)) {
            return "a number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "a list";
        }
        if (type.isEnum()) {
            return "one of " + Arrays.toString(type.getEnumConstants());
        }
        if (type.isRecord() && type.getRecordComponents().length > 0) {
            return "an object with the fields "
                    + names(Arrays.stream(type.getRecordComponents())
                            .map(RecordComponent::getName)
                            .map(Object.class::cast)
                            .toList());
        }
        return Map.class.isAssignableFrom(type) || !type.getName().startsWith("java.")
                ? "an object"
                : "of another type";
    }

    /** ", not ..." naming the value found: from Jackson's message, else from the parser if it is still open. */
    private static String found(MismatchedInputException e) {
        String named = foundInMessage(String.valueOf(e.getOriginalMessage()));
        JsonToken token = e.getProcessor() instanceof JsonParser p && !p.isClosed() ? p.currentToken() : null;
        if (!named.isEmpty() || token == null) {
            return named;
        }
        JsonParser parser = (JsonParser) e.getProcessor();
        try {
            return switch (token) {
                case START_ARRAY, END_ARRAY -> ", not a list";
                case START_OBJECT, END_OBJECT, FIELD_NAME -> ", not an object";
                case VALUE_STRING -> ", not the text " + Text.quote(parser.getText());
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT ->
                    ", not the number " + Text.quote(parser.getText()).replace("'", "");
                case VALUE_TRUE, VALUE_FALSE -> ", not " + token.asString();
                case VALUE_NULL -> ", not null";
                default -> "";
            };
        } catch (IOException ignored) {
            return "";
        }
    }

    static String foundInMessage(String message) {
        Matcher m = FOUND.matcher(message);
        if (!m.find()) {
            return message.contains("Cannot map `null`") ? ", not null" : "";
        }
        String value = m.group(2) == null || m.group(2).startsWith("token ")
                ? null
                : m.group(2).replaceAll("^[\"']|[\"']$", "");
        return switch (m.group(1)) {
            case "String" -> value == null ? ", not text" : ", not the text " + Text.quote(value);
            case "Array" -> ", not a list";
            case "Object" -> ", not an object";
            case "Integer", "Float", "Floating-point", "Number" ->
                value == null ? ", not a number" : ", not the number " + Text.escape(value);
            case "Boolean" -> value == null ? ", not true or false" : ", not " + Text.escape(value);
            case "Null" -> ", not null";
            default -> "";
        };
    }

    private static String names(Collection<Object> names) {
        return names == null || names.isEmpty()
                ? "none"
                : names.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }

    private static String at(JsonProcessingException e) {
        JsonLocation where = e.getLocation();
        return where == null || where.getLineNr() < 1
                ? ""
                : " (line " + where.getLineNr() + ", column " + where.getColumnNr() + ")";
    }

    /** ": why", from what the parser found, in words; nothing when it is not one of the common mistakes. */
    private static String reason(JsonProcessingException e) {
        String message = String.valueOf(e.getOriginalMessage());
        Matcher m;
        if ((m = CONTROL.matcher(message)).find()) {
            return ": a control character (code " + m.group(1)
                    + ") must be written as an escape such as \\n inside a string";
        }
        if ((m = UNEXPECTED.matcher(message)).find()) {
            int code = Integer.parseInt(m.group(2));
            return ": unexpected "
                    + (code < 0x20 || code == 0x7f ? "control character (code " + code + ")" : Text.quote(m.group(1)))
                    + (message.contains("expected a valid value") || message.contains("was expecting")
                            ? expecting(message)
                            : "");
        }
        if ((m = TOKEN.matcher(message)).find()) {
            return ": unexpected text " + Text.quote(m.group(1))
                    + " (text goes in double quotes; JSON knows true, false and null)";
        }
        if ((m = DUPLICATE.matcher(message)).find()) {
            return ": field '" + Text.escape(m.group(1)) + "' is given twice";
        }
        if (message.startsWith("Unexpected end-of-input")) {
            return ": it ends before the JSON value is complete";
        }
        if (message.startsWith("Invalid UTF-8") || message.contains("Invalid UTF-8")) {
            return ": it holds bytes that are not UTF-8 text";
        }
        if (message.startsWith("Unrecognized character escape")) {
            return ": a backslash escape JSON does not have (use \\\\, \\\", \\n, \\t or \\uXXXX)";
        }
        if (message.startsWith("Non-standard token")) {
            return ": NaN and Infinity are not JSON numbers";
        }
        if (message.contains("numeric value")
                || message.contains("Leading zeroes")
                || message.contains("Invalid number")) {
            return ": a number written wrongly";
        }
        return "";
    }

    private static String expecting(String message) {
        if (message.contains("double-quote to start field name")) {
            return " where a field name in double quotes belongs";
        }
        if (message.contains("comma to separate")) {
            return " where a comma or the end of the list or object belongs";
        }
        if (message.contains("expected a valid value") || message.contains("JSON String, Number, Array, Object")) {
            return " where a value belongs";
        }
        if (message.contains("colon to separate")) {
            return " where a colon after the field name belongs";
        }
        return "";
    }

    /** A repeated field names itself as the field at fault. */
    private static String duplicateField(JsonProcessingException e, String field) {
        Matcher m = DUPLICATE.matcher(String.valueOf(e.getOriginalMessage()));
        if (!m.find()) {
            return field;
        }
        return field == null ? m.group(1) : field + "." + m.group(1);
    }
}
