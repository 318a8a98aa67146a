package io.sluice.runs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.AssetKey;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;

/** Re-executes an ended run: the request {@link Reexecution} builds from the stored run, launched as any other. */
@ApplicationScoped
public class RunReexecutor {

    private static final TypeReference<Map<String, Object>> OBJECT = new TypeReference<>() {};

    private final RunService runs;
    private final AssetCatalog catalog;
    private final ObjectMapper mapper;

    RunReexecutor(RunService runs, AssetCatalog catalog, ObjectMapper mapper) {
        this.runs = runs;
        this.catalog = catalog;
        this.mapper = mapper;
    }

    /**
     * Launches the re-execution of run {@code id}: all of it, or only its steps that did not succeed, whatever mix of
     * partitioned, unpartitioned and keyed assets they are; checked and queued as any launch is.
     */
    public Run reexecute(String id, Reexecution.Scope scope, String actor, String reason) {
        Run run = runs.get(id);
        return runs.launch(Reexecution.request(run, scope, config(run), this::partitioned, actor, reason));
    }

    private boolean partitioned(AssetKey asset) {
        return catalog.find(asset)
                .map(a -> a.spec().partitions().isPartitioned())
                .orElse(false);
    }

    private Map<String, Object> config(Run run) {
        try {
            Map<String, Object> config = mapper.readValue(run.configJson(), OBJECT);
            return config == null ? Map.of() : config;
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("run " + run.id() + " has unreadable config", e);
        }
    }
}
