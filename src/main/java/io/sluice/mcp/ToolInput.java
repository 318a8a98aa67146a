package io.sluice.mcp;

import io.sluice.identity.Caller;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A tool call's arguments, read with the API's rules: a required text is present and not blank, a number is whole and
 * within its bounds, a date is {@code YYYY-MM-DD}, a time ISO 8601 with its offset; an argument the tool does not take is
 * refused. Every refusal names the argument ({@link ToolRefused}).
 */
final class ToolInput {

    private final Map<String, Object> arguments;
    private final Caller caller;

    private ToolInput(Map<String, Object> arguments, Caller caller) {
        this.arguments = arguments == null ? Map.of() : arguments;
        this.caller = caller;
    }

    /** The arguments of {@code caller}'s call, refusing any whose name is not among {@code accepted}. */
    static ToolInput of(Map<String, Object> arguments, Set<String> accepted, Caller caller) {
        ToolInput input = new ToolInput(arguments, caller);
        Set<String> unknown = new TreeSet<>(input.arguments.keySet());
        unknown.removeAll(accepted);
        if (!unknown.isEmpty()) {
            throw new ToolRefused("unknown argument " + String.join(", ", unknown) + "; this tool takes "
                    + (accepted.isEmpty() ? "none" : String.join(", ", new TreeSet<>(accepted))));
        }
        return input;
    }

    /** Who calls the tool. */
    Caller caller() {
        return caller;
    }

    Optional<String> text(String name) {
        Object value = arguments.get(name);
        if (value == null) {
            return Optional.empty();
        }
        if (!(value instanceof String s)) {
            throw new ToolRefused(name + " must be text, not " + value);
        }
        if (s.isBlank()) {
            throw new ToolRefused(name + " must not be blank");
        }
        return Optional.of(s.strip());
    }

    String requiredText(String name) {
        return text(name).orElseThrow(() -> new ToolRefused(name + " is required"));
    }

    int integer(String name, int fallback, int min, int max) {
        Object value = arguments.get(name);
        if (value == null) {
            return fallback;
        }
        long n;
        if (value instanceof Number number && number.doubleValue() == Math.rint(number.doubleValue())) {
            n = number.longValue();
        } else if (value instanceof String s && s.strip().matches("-?\\d{1,10}")) {
            n = Long.parseLong(s.strip());
        } else {
            throw new ToolRefused(name + " must be a whole number, not " + value);
        }
        if (n < min || n > max) {
            throw new ToolRefused(name + " must be from " + min + " to " + max + ", not " + n);
        }
        return (int) n;
    }

    Optional<LocalDate> date(String name) {
        return text(name).map(s -> {
            try {
                return LocalDate.parse(s);
            } catch (DateTimeParseException e) {
                throw new ToolRefused(name + " must be a date like 2024-03-31, not '" + s + "'");
            }
        });
    }

    Optional<Instant> instant(String name) {
        return text(name).map(s -> {
            try {
                return Instant.parse(s);
            } catch (DateTimeParseException e) {
                try {
                    return java.time.OffsetDateTime.parse(s).toInstant();
                } catch (DateTimeParseException again) {
                    throw new ToolRefused(name
                            + " must be a time like 2024-03-31T06:00:00Z (ISO 8601 with an offset), not '" + s + "'");
                }
            }
        });
    }
}
