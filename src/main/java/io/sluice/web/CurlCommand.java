package io.sluice.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The launchpad's form as the equivalent {@code curl} call of the REST API. Pure. A run over ranges of partitions is
 * the README's single-run backfill ({@code "singleRun": true}): {@code POST /api/runs} takes partition keys only.
 */
final class CurlCommand {

    private CurlCommand() {}

    static String of(LaunchForm form, boolean asBackfill, String baseUrl, ObjectMapper mapper) {
        List<Map<String, String>> ranges = new ArrayList<>();
        List<String> partitions = new ArrayList<>();
        for (String token : PartitionText.tokens(form.partitions())) {
            PartitionText.range(token)
                    .ifPresentOrElse(r -> ranges.add(range(r.start(), r.end())), () -> partitions.add(token));
        }
        boolean backfill = asBackfill || !ranges.isEmpty();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("assets", form.assets());
        body.put("mode", form.mode().name());
        if (!form.keys().isEmpty()) {
            body.put("keys", form.keys());
        }
        if (!ranges.isEmpty()) {
            body.put("ranges", ranges);
        }
        if (!partitions.isEmpty()) {
            body.put("partitions", partitions);
        }
        if (!form.config().isEmpty()) {
            body.put("config", form.config());
        }
        if (form.reason() != null) {
            body.put("reason", form.reason());
        }
        if (backfill && !asBackfill) {
            body.put("singleRun", true);
        }
        if (asBackfill && form.partitionsPerRun() != 1) {
            body.put("partitionsPerRun", form.partitionsPerRun());
        }
        if (asBackfill && form.maxConcurrent() != 0) {
            body.put("maxConcurrent", form.maxConcurrent());
        }
        String json;
        try {
            json = mapper.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a form's values are always JSON", e);
        }
        String url = baseUrl.replaceAll("/+$", "") + (backfill ? "/api/backfills" : "/api/runs");
        return "curl -s -X POST " + quote(url) + " -H 'Content-Type: application/json' -d " + quote(json);
    }

    private static Map<String, String> range(String start, String end) {
        Map<String, String> range = new LinkedHashMap<>();
        range.put("start", start);
        range.put("end", end);
        return range;
    }

    /** A shell word in single quotes: a quote inside ends the word, is escaped, and opens it again. */
    static String quote(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }
}
