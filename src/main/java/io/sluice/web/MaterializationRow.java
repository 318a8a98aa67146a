package io.sluice.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.runs.Materialization;
import java.util.ArrayList;
import java.util.List;

/** One materialization on the run page, its metadata as name/value pairs rather than raw JSON. */
public record MaterializationRow(
        String asset, String partition, String rows, String keys, String duration, List<Entry> metadata) {

    /** One metadata entry. */
    public record Entry(String name, String value) {}

    static MaterializationRow of(Materialization m, ObjectMapper mapper) {
        return new MaterializationRow(
                m.asset().toString(),
                m.partition() == null ? "" : m.partition(),
                Format.count(m.rowsWritten()),
                Format.count(m.keyCount()),
                Format.millis(m.durationMs()),
                entries(m.metadataJson(), mapper));
    }

    private static List<Entry> entries(String json, ObjectMapper mapper) {
        if (json == null || json.isBlank()) {
            return List.of();
        }
        try {
            JsonNode node = mapper.readTree(json);
            if (!node.isObject()) {
                return List.of(new Entry("value", node.toString()));
            }
            List<Entry> entries = new ArrayList<>();
            node.fields()
                    .forEachRemaining(f -> entries.add(new Entry(
                            f.getKey(),
                            f.getValue().isValueNode()
                                    ? f.getValue().asText()
                                    : f.getValue().toString())));
            return entries;
        } catch (JsonProcessingException e) {
            return List.of(new Entry("metadata", json));
        }
    }
}
