package io.sluice.automation.trigger;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.automation.AssetPartition;
import io.sluice.automation.TriggerCursor;
import io.sluice.catalog.AssetKey;
import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The trigger cursor as the state row keeps it: JSON with the last event id read, the handled cron tick per asset,
 * the held partitions, the waiting upstream partitions (each partition as {@code [asset, key or ""]}), the followed
 * runs, the retries and the on_late partitions given up on. A cursor written before followed runs, retries or given-up
 * partitions existed reads with none.
 */
final class CursorCodec {

    record Stored(
            long sequence,
            Map<String, String> cronTicks,
            List<List<String>> held,
            List<List<String>> waiting,
            List<StoredFollowed> followed,
            List<StoredRetry> retries,
            List<List<String>> givenUp) {}

    /** A followed run: its id, attempt and partitions. */
    record StoredFollowed(String run, int attempt, List<List<String>> partitions) {}

    /** A retry: the partition, the attempt it launches, when, and the run that failed. */
    record StoredRetry(List<String> partition, int attempt, String due, String failedRun) {}

    private final ObjectMapper mapper;

    CursorCodec(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    String write(TriggerCursor cursor) {
        Map<String, String> cron = new TreeMap<>();
        cursor.cronTicks().forEach((k, v) -> cron.put(k.toString(), v.toString()));
        Stored stored = new Stored(
                cursor.eventSequence(),
                cron,
                cursor.held().stream()
                        .map(CursorCodec::pair)
                        .sorted(CursorCodec::compare)
                        .toList(),
                cursor.waiting().stream()
                        .map(w -> List.of(
                                w.downstream().toString(),
                                w.upstream().asset().toString(),
                                w.upstream().partition().orElse("")))
                        .sorted(CursorCodec::compare)
                        .toList(),
                cursor.followed().stream()
                        .sorted(Comparator.comparing(TriggerCursor.Followed::runId))
                        .map(f -> new StoredFollowed(
                                f.runId(),
                                f.attempt(),
                                f.partitions().stream()
                                        .map(CursorCodec::pair)
                                        .sorted(CursorCodec::compare)
                                        .toList()))
                        .toList(),
                cursor.retries().stream()
                        .map(r -> new StoredRetry(
                                pair(r.partition()), r.attempt(), r.due().toString(), r.failedRun()))
                        .sorted(Comparator.comparing(r -> String.join("\u0000", r.partition())))
                        .toList(),
                cursor.givenUp().stream()
                        .map(CursorCodec::pair)
                        .sorted(CursorCodec::compare)
                        .toList());
        try {
            return mapper.writeValueAsString(stored);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("trigger cursor could not be written", e);
        }
    }

    /** The stored cursor; an empty one is {@code fallback}. */
    TriggerCursor read(Optional<String> json, TriggerCursor fallback) {
        if (json.isEmpty() || json.get().isBlank()) {
            return fallback;
        }
        Stored stored;
        try {
            stored = mapper.readValue(json.get(), Stored.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the stored trigger cursor is not readable: " + json.get(), e);
        }
        Map<AssetKey, Instant> cron = stored.cronTicks() == null
                ? Map.of()
                : stored.cronTicks().entrySet().stream()
                        .collect(Collectors.toMap(e -> AssetKey.parse(e.getKey()), e -> Instant.parse(e.getValue())));
        return new TriggerCursor(
                stored.sequence(),
                cron,
                list(stored.held()).stream()
                        .map(p -> partition(p.get(0), p.get(1)))
                        .collect(Collectors.toSet()),
                list(stored.waiting()).stream()
                        .map(w -> new TriggerCursor.Waiting(AssetKey.parse(w.get(0)), partition(w.get(1), w.get(2))))
                        .collect(Collectors.toSet()),
                (stored.followed() == null ? List.<StoredFollowed>of() : stored.followed())
                        .stream()
                                .map(f -> new TriggerCursor.Followed(
                                        f.run(),
                                        f.attempt(),
                                        list(f.partitions()).stream()
                                                .map(p -> partition(p.get(0), p.get(1)))
                                                .collect(Collectors.toSet())))
                                .collect(Collectors.toSet()),
                (stored.retries() == null ? List.<StoredRetry>of() : stored.retries())
                        .stream()
                                .map(r -> new TriggerCursor.Retry(
                                        partition(
                                                r.partition().get(0),
                                                r.partition().get(1)),
                                        r.attempt(),
                                        Instant.parse(r.due()),
                                        r.failedRun()))
                                .collect(Collectors.toSet()),
                list(stored.givenUp()).stream()
                        .map(p -> partition(p.get(0), p.get(1)))
                        .collect(Collectors.toSet()));
    }

    private static List<List<String>> list(List<List<String>> value) {
        return value == null ? List.of() : value;
    }

    private static List<String> pair(AssetPartition p) {
        return Arrays.asList(p.asset().toString(), p.partition().orElse(""));
    }

    private static AssetPartition partition(String asset, String key) {
        return key == null || key.isEmpty()
                ? AssetPartition.whole(AssetKey.parse(asset))
                : AssetPartition.of(AssetKey.parse(asset), key);
    }

    private static int compare(List<String> a, List<String> b) {
        return String.join("\u0000", a).compareTo(String.join("\u0000", b));
    }
}
