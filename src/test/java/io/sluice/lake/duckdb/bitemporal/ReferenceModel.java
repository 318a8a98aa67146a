package io.sluice.lake.duckdb.bitemporal;

import io.sluice.lake.bitemporal.Replace;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Section 3 of docs/bitemporal.md in plain Java, written from the text and not from the engine: a knowledge base
 * {@code (scope, date) -> (key -> values)} that batches replace as {@link Replace} says, and {@code timeline(KB)}.
 * The scope of a key is its first {@code scopeSize} parts (all of them in key mode).
 */
final class ReferenceModel {

    record Filing(List<String> scope, LocalDate date) {}

    record Version(List<String> key, List<String> values, LocalDate from, LocalDate to) {}

    private final int scopeSize;
    private final Map<Filing, Map<List<String>, List<String>>> knowledge = new HashMap<>();

    ReferenceModel(int scopeSize) {
        this.scopeSize = scopeSize;
    }

    ReferenceModel copy() {
        ReferenceModel copy = new ReferenceModel(scopeSize);
        knowledge.forEach((f, keys) -> copy.knowledge.put(f, new HashMap<>(keys)));
        return copy;
    }

    /** Why the batch must be rejected (section 2), if it must. */
    static Optional<String> rejection(TestBatch batch) {
        Map<List<Object>, List<String>> seen = new HashMap<>();
        for (TestBatch.Row row : batch.rows()) {
            if (row.key().stream().anyMatch(Objects::isNull)) {
                return Optional.of("NULL key");
            }
            if (row.date() == null) {
                return Optional.of("NULL date");
            }
            List<Object> kd = List.of(row.key(), row.date());
            List<String> before = seen.putIfAbsent(kd, row.values());
            if (before != null && !before.equals(row.values())) {
                return Optional.of("conflict");
            }
        }
        for (TestBatch.Marker marker : batch.markers()) {
            if (marker.scope().stream().anyMatch(Objects::isNull) || marker.date() == null) {
                return Optional.of("NULL marker");
            }
        }
        return Optional.empty();
    }

    void apply(TestBatch batch) {
        if (rejection(batch).isPresent()) {
            throw new IllegalArgumentException("invalid batch");
        }
        Map<Filing, Map<List<String>, List<String>>> filings = new HashMap<>();
        for (TestBatch.Marker marker : batch.markers()) {
            filings.computeIfAbsent(new Filing(marker.scope(), marker.date()), f -> new HashMap<>());
        }
        for (TestBatch.Row row : batch.rows()) {
            filings.computeIfAbsent(new Filing(scope(row.key()), row.date()), f -> new HashMap<>())
                    .put(row.key(), row.values());
        }
        switch (batch.replace()) {
            case NONE -> {}
            case SCOPES -> {
                Set<List<String>> scopes = new HashSet<>();
                filings.keySet().forEach(f -> scopes.add(f.scope()));
                knowledge.keySet().removeIf(f -> scopes.contains(f.scope()));
            }
            case ALL -> knowledge.clear();
        }
        knowledge.putAll(filings);
    }

    /** timeline(KB): per key, maximal runs of equal state over its scope's filing dates; ABSENT runs are gaps. */
    Set<Version> timeline() {
        Set<Version> versions = new HashSet<>();
        byScope().forEach((scope, dated) -> {
            Set<List<String>> keys = new LinkedHashSet<>();
            dated.values().forEach(f -> keys.addAll(f.keySet()));
            for (List<String> key : keys) {
                List<String> open = null;
                LocalDate from = null;
                for (Map.Entry<LocalDate, Map<List<String>, List<String>>> e : dated.entrySet()) {
                    boolean listed = e.getValue().containsKey(key);
                    List<String> state = e.getValue().get(key);
                    if (open != null && listed && open.equals(state)) {
                        continue;
                    }
                    if (open != null) {
                        versions.add(new Version(key, open, from, e.getKey()));
                    }
                    open = listed ? state : null;
                    from = listed ? e.getKey() : null;
                }
                if (open != null) {
                    versions.add(new Version(key, open, from, null));
                }
            }
        });
        return versions;
    }

    /** Brute force (invariant 6): each key's state in the latest filing of its scope dated on or before {@code day}. */
    Map<List<String>, List<String>> asOf(LocalDate day) {
        Map<List<String>, List<String>> answer = new HashMap<>();
        byScope().forEach((scope, dated) -> {
            Map.Entry<LocalDate, Map<List<String>, List<String>>> latest = dated.floorEntry(day);
            if (latest != null) {
                answer.putAll(latest.getValue());
            }
        });
        return answer;
    }

    /** A full refresh ({@code replace=all}) that carries exactly the current knowledge. */
    TestBatch knowledgeAsFullRefresh() {
        List<TestBatch.Row> rows = new ArrayList<>();
        List<TestBatch.Marker> markers = new ArrayList<>();
        knowledge.forEach((filing, keys) -> {
            markers.add(new TestBatch.Marker(filing.scope(), filing.date()));
            keys.forEach((key, values) -> rows.add(new TestBatch.Row(key, values, filing.date())));
        });
        return new TestBatch(rows, markers, Replace.ALL);
    }

    Set<Filing> filings() {
        return Set.copyOf(knowledge.keySet());
    }

    private Map<List<String>, TreeMap<LocalDate, Map<List<String>, List<String>>>> byScope() {
        Map<List<String>, TreeMap<LocalDate, Map<List<String>, List<String>>>> scopes = new LinkedHashMap<>();
        knowledge.forEach((f, keys) ->
                scopes.computeIfAbsent(f.scope(), s -> new TreeMap<>()).put(f.date(), keys));
        return scopes;
    }

    private List<String> scope(List<String> key) {
        return List.copyOf(Objects.requireNonNull(key).subList(0, scopeSize));
    }
}
