package io.sluice.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Stored JSON text back into a tree for responses. */
final class Json {
    private Json() {}

    static JsonNode tree(ObjectMapper mapper, String text) {
        try {
            return text == null ? null : mapper.readTree(text);
        } catch (JsonProcessingException e) {
            return mapper.getNodeFactory().textNode(text);
        }
    }
}
