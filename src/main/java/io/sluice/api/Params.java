package io.sluice.api;

import io.sluice.runs.RequestRejected;
import java.util.Arrays;

/** Parsing of query parameters into clear 400 problems. */
final class Params {
    private Params() {
    }

    static int integer(String name, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException | NullPointerException e) {
            throw new RequestRejected(400, name, "query parameter '" + name + "' must be an integer, got '" + value + "'");
        }
    }

    static <E extends Enum<E>> E enumValue(Class<E> type, String name, String value) {
        try {
            return Enum.valueOf(type, value.trim().toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new RequestRejected(400, name, "'" + value + "' is not a valid " + name + "; use one of "
                    + Arrays.toString(type.getEnumConstants()));
        }
    }
}
