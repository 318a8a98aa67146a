package io.sluice.backfill.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import java.util.TreeMap;

/** A backfill's tags as the {@code tags_json} column keeps them: null for none, else a JSON object in key order. */
final class TagsJson {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final TypeReference<TreeMap<String, String>> TYPE = new TypeReference<>() {};

    private TagsJson() {}

    static String write(Map<String, String> tags) {
        if (tags.isEmpty()) {
            return null;
        }
        try {
            return MAPPER.writeValueAsString(new TreeMap<>(tags));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static Map<String, String> read(String json) {
        if (json == null) {
            return Map.of();
        }
        try {
            return MAPPER.readValue(json, TYPE);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable backfill tags in the metadata store: " + json, e);
        }
    }
}
