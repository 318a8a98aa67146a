package io.sluice.runs.execute;

import io.sluice.runs.MaterializationMode;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

/** Resolves a mode into a {@link KeySelection}. Pure: the key sources are passed in. */
public final class KeyResolver {

    /** Where keys come from; implemented by the executor over a keyed asset. */
    public interface KeySource {
        List<String> allKeys() throws Exception;

        List<String> changedKeys(String since, String until) throws Exception;

        Optional<String> currentWatermark() throws Exception;
    }

    private KeyResolver() {}

    public static KeySelection resolve(
            MaterializationMode mode, List<String> requestedKeys, Optional<String> lastWatermark, KeySource source)
            throws Exception {
        return switch (mode) {
            case SINGLE_KEY -> new KeySelection(distinct(requestedKeys), Optional.empty(), false);
            case FULL_REFRESH -> {
                Optional<String> now = source.currentWatermark();
                yield new KeySelection(distinct(source.allKeys()), now, true);
            }
            case INCREMENTAL -> {
                Optional<String> now = source.currentWatermark();
                List<String> keys;
                boolean complete = false;
                if (now.isEmpty()) {
                    keys = List.of();
                } else if (lastWatermark.isEmpty()) {
                    keys = source.allKeys();
                    complete = true;
                } else if (lastWatermark.get().equals(now.get())) {
                    keys = List.of();
                } else {
                    keys = source.changedKeys(lastWatermark.get(), now.get());
                }
                yield new KeySelection(distinct(keys), now.or(() -> lastWatermark), complete);
            }
        };
    }

    private static List<String> distinct(List<String> keys) {
        return List.copyOf(new LinkedHashSet<>(keys));
    }
}
