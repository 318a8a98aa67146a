package io.sluice.lake.duckdb.replay;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Says what Jackson found wrong with a replay file in the file's own terms: the field's path, what was expected
 * and what was found, never a Java class or Jackson's own wording about its configuration.
 */
final class JsonProblem {

    private static final int SHOWN = 40;

    private JsonProblem() {}

    static String describe(JsonProcessingException e) {
        if (e instanceof UnrecognizedPropertyException u) {
            String known = u.getKnownPropertyIds() == null
                    ? ""
                    : " (known fields: "
                            + u.getKnownPropertyIds().stream()
                                    .map(String::valueOf)
                                    .sorted()
                                    .collect(Collectors.joining(", "))
                            + ")";
            List<JsonMappingException.Reference> path = u.getPath();
            return prefix(path.subList(0, Math.max(0, path.size() - 1))) + "unknown field \"" + u.getPropertyName()
                    + "\"" + known;
        }
        if (e instanceof MismatchedInputException m) {
            return prefix(m.getPath()) + "expected " + expected(m.getTargetType()) + ", found " + found(m);
        }
        if (e instanceof JsonMappingException j) {
            StreamReadException cause = cause(j, StreamReadException.class);
            if (cause instanceof InputCoercionException && !j.getPath().isEmpty()) {
                return prefix(j.getPath()) + "number out of range: " + abbreviate(text(cause.getProcessor()));
            }
            return cause != null ? describe(cause) : prefix(j.getPath()) + "cannot read " + found(j);
        }
        if (e instanceof InputCoercionException) {
            return "number out of range" + where(e.getLocation()) + ": " + abbreviate(text(e.getProcessor()));
        }
        return "invalid JSON" + where(e.getLocation()) + ": " + plain(e.getOriginalMessage());
    }

    /** {@code " (line 3, column 7)"}, or nothing when the location is unknown. */
    static String where(JsonLocation location) {
        return location == null || location.getLineNr() < 1
                ? ""
                : " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
    }

    private static String prefix(List<JsonMappingException.Reference> path) {
        String text = path.stream()
                .map(r -> r.getFieldName() != null ? "." + r.getFieldName() : "[" + r.getIndex() + "]")
                .collect(Collectors.joining());
        if (text.startsWith(".")) {
            text = text.substring(1);
        }
        return text.isEmpty() ? "" : text + ": ";
    }

    private static String expected(Class<?> type) {
        if (type == null) {
            return "another value";
        }
        if (type == String.class) {
            return "a string or null";
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
            return "a whole number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "an array";
        }
        if (Map.class.isAssignableFrom(type) || type.isRecord()) {
            return "an object";
        }
        return "another value";
    }

    private static String found(JsonProcessingException e) {
        return e.getProcessor() instanceof JsonParser p ? found(p) : "something else";
    }

    private static String found(JsonParser parser) {
        JsonToken token = parser.currentToken();
        if (token == null) {
            return "the end of the file";
        }
        switch (token) {
            case START_OBJECT:
                return "an object";
            case START_ARRAY:
                return "an array";
            case VALUE_STRING:
                return "the string \"" + abbreviate(text(parser)) + "\"";
            case VALUE_NUMBER_INT:
            case VALUE_NUMBER_FLOAT:
            case VALUE_TRUE:
            case VALUE_FALSE:
                return abbreviate(text(parser));
            case VALUE_NULL:
                return "null";
            default:
                return "something else";
        }
    }

    private static String text(Object processor) {
        try {
            return processor instanceof JsonParser p ? p.getText() : "";
        } catch (IOException e) {
            return "";
        }
    }

    private static String abbreviate(String text) {
        String line = text == null ? "" : text.replaceAll("\\s+", " ");
        return line.length() <= SHOWN ? line : line.substring(0, SHOWN) + "...";
    }

    private static <T> T cause(Throwable e, Class<T> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }

    /** Jackson's syntax message without its source excerpt or the names of its settings. */
    private static String plain(String message) {
        if (message == null) {
            return "unreadable input";
        }
        String line = message.lines()
                .findFirst()
                .orElse("")
                .replaceAll("\\s*\\(start marker at \\[Source:[^\\]]*\\]\\)", "")
                .replaceAll("\\s*at \\[Source:[^\\]]*\\]", "")
                .replaceAll(",? from `[^`]*`", "")
                .replace("`", "");
        return line.isBlank() ? "unreadable input" : line.strip();
    }
}
