package io.sluice.runs.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.Run;
import io.sluice.runs.RunKind;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunStep;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.hibernate.Session;

/** The one mapping between the {@code run} and {@code run_step} rows ({@link RunEntity}, {@link RunStepEntity}) and runs. */
@ApplicationScoped
class RunMapping {

    private static final TypeReference<List<String>> STRINGS = new TypeReference<>() {};
    private static final TypeReference<Map<String, String>> TAGS = new TypeReference<>() {};

    private final ObjectMapper mapper;

    RunMapping(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    /**
     * The run as stored. A run that has not ended has its totals stored only at its end: until then they are its steps'
     * totals so far (what each step stored at the journal's last flush), so a live run shows its progress.
     */
    Run toRun(RunEntity e, List<RunStep> steps) {
        List<AssetKey> assets =
                Arrays.stream(e.assets.split(",")).map(AssetKey::parse).toList();
        RunStatus status = RunStatus.valueOf(e.status);
        boolean live = !status.isTerminal();
        return new Run(
                e.id,
                status,
                MaterializationMode.valueOf(e.mode),
                assets,
                strings(e.keysJson),
                strings(e.partitionsJson),
                e.configJson,
                e.reason,
                e.launchedBy,
                e.createdAt,
                e.startedAt,
                e.endedAt,
                live ? steps.stream().mapToLong(RunStep::keyCount).sum() : e.keyCount,
                live ? steps.stream().mapToLong(RunStep::batchCount).sum() : e.batchCount,
                live ? steps.stream().mapToLong(RunStep::rowsWritten).sum() : e.rowsWritten,
                e.error,
                e.cancelRequested,
                steps,
                RunKind.valueOf(e.kind),
                e.rollbackTo,
                e.groupId,
                tags(e.tagsJson));
    }

    static RunStep toStep(RunStepEntity s) {
        return new RunStep(
                s.id.stepIndex,
                AssetKey.parse(s.assetKey),
                RunStatus.valueOf(s.status),
                s.startedAt,
                s.endedAt,
                s.keyCount,
                s.batchCount,
                s.rowsWritten,
                s.error);
    }

    /** The steps of the given runs, by run, in step order. */
    static Map<String, List<RunStep>> steps(Session session, List<String> runIds) {
        if (runIds.isEmpty()) {
            return Map.of();
        }
        return session
                .createSelectionQuery(
                        "from RunStepEntity where id.runId in :ids order by id.runId, id.stepIndex",
                        RunStepEntity.class)
                .setParameter("ids", runIds)
                .getResultList()
                .stream()
                .collect(Collectors.groupingBy(
                        s -> s.id.runId,
                        LinkedHashMap::new,
                        Collectors.mapping(RunMapping::toStep, Collectors.toList())));
    }

    /** The tags as stored: null for none (most runs), else a JSON object in key order. */
    String tagsJson(Map<String, String> tags) {
        return tags.isEmpty() ? null : json(new TreeMap<>(tags));
    }

    Map<String, String> tags(String json) {
        if (json == null) {
            return Map.of();
        }
        try {
            return mapper.readValue(json, TAGS);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable tags in the metadata store: " + json, e);
        }
    }

    String json(Object values) {
        try {
            return mapper.writeValueAsString(values);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    List<String> strings(String json) {
        try {
            return mapper.readValue(json, STRINGS);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable list in the metadata store: " + json, e);
        }
    }

    <T> T read(String json, TypeReference<T> type, T otherwise) {
        try {
            return mapper.readValue(json, type);
        } catch (JsonProcessingException e) {
            return otherwise;
        }
    }

    static List<List<String>> chunks(List<String> ids) {
        List<List<String>> chunks = new ArrayList<>();
        for (int from = 0; from < ids.size(); from += 500) {
            chunks.add(ids.subList(from, Math.min(ids.size(), from + 500)));
        }
        return chunks;
    }
}
