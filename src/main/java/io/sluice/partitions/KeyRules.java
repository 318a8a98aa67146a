package io.sluice.partitions;

import io.sluice.text.Text;
import java.util.Optional;

/** What a static or dynamic partition key may contain, so that keys survive multi-dimensional keys and key ranges. */
final class KeyRules {

    private KeyRules() {}

    /** The longest key the metadata store keeps (partition_key columns are VARCHAR(200)). */
    static final int MAX_LENGTH = Text.MAX_KEY_LENGTH;

    static Optional<String> problem(String key) {
        if (key == null || key.isBlank()) {
            return Optional.of("partition keys must not be blank");
        }
        Optional<String> text = Text.keyProblem("partition key " + Text.quote(key), key);
        if (text.isPresent()) {
            return text;
        }
        if (key.contains(MultiPartitions.SEPARATOR)) {
            return Optional.of("partition key '" + key + "' must not contain '" + MultiPartitions.SEPARATOR
                    + "', which separates the dimensions of multi-dimensional keys");
        }
        if (key.contains("...")) {
            return Optional.of(
                    "partition key '" + key + "' must not contain '...', which separates the ends of a key range");
        }
        if (key.contains(",")) {
            return Optional.of("partition key '" + key
                    + "' must not contain ',', which separates keys in the launch form and the CLI");
        }
        if (!key.equals(key.strip())) {
            return Optional.of("partition key '" + key + "' must not start or end with white space");
        }
        return Optional.empty();
    }
}
