package io.sluice.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.backfill.BackfillRequest;
import io.sluice.identity.Caller;
import io.sluice.runs.RunRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The launchpad's form as the {@code curl} call of the REST API that does exactly what its button does: the same
 * request, field for field, so that one request has one result. <em>Launch run</em> is {@code POST /api/runs} (its
 * ranges and keys as {@code ranges} and {@code partitions}), <em>Launch as backfill</em> {@code POST /api/backfills}.
 * Pure.
 */
final class CurlCommand {

    private CurlCommand() {}

    /**
     * The call; with {@code withToken} (authentication is on: the page's caller logged in) it sends a personal API token
     * from the shell's {@code SLUICE_TOKEN}, which the shell expands.
     */
    static String of(LaunchForm form, boolean asBackfill, String baseUrl, ObjectMapper mapper, boolean withToken) {
        Map<String, Object> body = new LinkedHashMap<>();
        List<Map<String, String>> ranges;
        List<String> partitions;
        String path;
        if (asBackfill) {
            BackfillRequest b = form.backfill(false, Caller.ANONYMOUS); // the command names no one: who runs it does
            ranges = b.ranges().stream().map(r -> range(r.start(), r.end())).toList();
            partitions = b.partitions();
            path = "/api/backfills";
        } else {
            RunRequest r = form.run(Caller.ANONYMOUS);
            ranges = r.ranges().stream().map(x -> range(x.start(), x.end())).toList();
            partitions = r.partitions();
            path = "/api/runs";
        }
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
        String url = baseUrl.replaceAll("/+$", "") + path;
        return "curl -s -X POST " + quote(url) + (withToken ? " -H \"Authorization: Bearer $SLUICE_TOKEN\"" : "")
                + " -H 'Content-Type: application/json' -d " + quote(json);
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
