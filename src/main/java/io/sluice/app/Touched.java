package io.sluice.app;

import io.sluice.catalog.AssetKey;
import java.util.Collection;
import java.util.List;

/** The assets a command touches, written {@code group/name}, as {@link io.sluice.identity.Caller#require} takes them. */
final class Touched {

    private Touched() {}

    /** Assets as a request names them (the domain refuses the ones that are not assets, after the caller is checked). */
    static List<String> named(Collection<String> assets) {
        return assets.stream().map(String::strip).toList();
    }

    static List<String> keys(Collection<AssetKey> assets) {
        return assets.stream().map(AssetKey::toString).toList();
    }
}
