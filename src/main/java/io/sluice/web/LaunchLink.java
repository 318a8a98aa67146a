package io.sluice.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The launchpad's address for a form as typed, with one more asset ticked: the preview's "add the upstream asset" opens
 * the launchpad again with everything else as it was (mode, From/To, Partitions, keys, reason, config, backfill
 * settings). A config typed for one asset is keyed by that asset, as a config of several assets must be. Pure.
 */
final class LaunchLink {

    private LaunchLink() {}

    static String withAsset(LaunchForm form, String added, ObjectMapper mapper) {
        List<String> assets = new ArrayList<>();
        assets.add(added);
        form.assets().stream().filter(a -> !a.equals(added)).forEach(assets::add);
        StringBuilder url = new StringBuilder("/launch?");
        for (String asset : assets) {
            param(url, "asset", asset);
        }
        param(url, "mode", form.mode().name());
        param(url, "from", form.from());
        param(url, "to", form.to());
        param(url, "partitions", form.partitions());
        param(url, "keys", String.join(", ", form.keys()));
        param(url, "reason", form.reason());
        param(url, "config", config(form, assets, mapper));
        if (form.partitionsPerRun() != 1) {
            param(url, "partitionsPerRun", Integer.toString(form.partitionsPerRun()));
        }
        if (form.maxConcurrent() != 0) {
            param(url, "maxConcurrent", Integer.toString(form.maxConcurrent()));
        }
        return url.substring(0, url.length() - 1);
    }

    /** The form's config for the new selection: one asset's own config becomes that asset's entry. */
    private static String config(LaunchForm form, List<String> assets, ObjectMapper mapper) {
        if (form.config().isEmpty()) {
            return null;
        }
        Object config = form.config();
        if (form.assets().size() == 1 && assets.size() > 1) {
            Map<String, Object> keyed = new LinkedHashMap<>();
            keyed.put(form.assets().get(0), form.config());
            config = keyed;
        }
        try {
            return mapper.writeValueAsString(config);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a form's config is always JSON", e);
        }
    }

    private static void param(StringBuilder url, String name, String value) {
        if (value == null || value.isBlank()) {
            return;
        }
        url.append(name)
                .append('=')
                .append(URLEncoder.encode(value, StandardCharsets.UTF_8))
                .append('&');
    }
}
