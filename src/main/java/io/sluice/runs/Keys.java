package io.sluice.runs;

import io.sluice.text.Text;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The one rule for the keys a request lists (entity keys, partition keys, keys of dynamic partitions), on every endpoint
 * and in the launch form: each is a key {@link Text} allows (not blank, at most {@value Text#MAX_KEY_LENGTH} characters,
 * no control or bidi characters, well-formed) and none is given twice. A refusal is invalid, naming the place, like
 * {@code keys[3]}.
 */
public final class Keys {

    private Keys() {}

    public static void require(String field, List<String> keys) {
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < keys.size(); i++) {
            String place = field + "[" + i + "]";
            String key = keys.get(i);
            if (key == null) {
                throw RequestRejected.invalid(place, place + " is null");
            }
            Text.keyProblem(place, key).ifPresent(problem -> {
                throw RequestRejected.invalid(place, problem);
            });
            Integer first = seen.putIfAbsent(key, i);
            if (first != null) {
                throw RequestRejected.invalid(
                        place,
                        Text.quote(key) + " is given twice in " + field + " (" + field + "[" + first + "] and " + place
                                + "); give each once");
            }
        }
    }
}
