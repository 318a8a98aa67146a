package io.sluice.api;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.Content;
import org.eclipse.microprofile.openapi.models.media.MediaType;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;

/**
 * Says in the OpenAPI document which properties of an answer are always there: every property of a schema that an
 * operation answers is {@code required} (present, with a value), except those {@link #OPTIONAL} names, which may be
 * absent or null. Request bodies say what they require on their records ({@code @Schema(required = true)}).
 */
final class RequiredProperties {

    private static final String SCHEMAS = "#/components/schemas/";

    /**
     * Per answered schema, the properties that may be absent (the records written without their empty fields: AssetDto,
     * RunDto, Problem) or null; a schema not listed has every property always set. A new nullable property goes here.
     */
    static final Map<String, Set<String>> OPTIONAL = Map.ofEntries(
            Map.entry(
                    "AssetDto",
                    Set.of(
                            "description",
                            "downstream",
                            "configSchema",
                            "defaultConfig",
                            "lastRun",
                            "lastMaterialization",
                            "table",
                            "latestChecks",
                            "freshness")),
            Map.entry("PartitionsDto", Set.of("start", "end", "timezone")),
            Map.entry("LastRunDto", Set.of("endedAt")),
            Map.entry("MaterializationDto", Set.of("partition", "metadata")),
            Map.entry("CheckDto", Set.of("partition", "observed", "threshold", "message", "sample")),
            Map.entry(
                    "RunDto",
                    Set.of(
                            "config",
                            "reason",
                            "startedAt",
                            "endedAt",
                            "durationMs",
                            "error",
                            "materializations",
                            "rollbackTo",
                            "backfillId",
                            "queue")),
            Map.entry("StepDto", Set.of("startedAt", "endedAt", "error")),
            Map.entry("BackfillDto", Set.of("reason", "endedAt", "retryOf")),
            Map.entry("BackfillProgress", Set.of("eta")),
            Map.entry("AuditEvent", Set.of("runId", "assets", "reason", "backfillId")),
            Map.entry("LogLine", Set.of("asset")),
            Map.entry("TableInfo", Set.of("asset", "lastWrite")),
            Map.entry("LastWrite", Set.of("systemTime")),
            Map.entry("PoolDto", Set.of("limit")),
            Map.entry("ScheduleDto", Set.of("startedAt", "cursor", "nextTick", "lastTick")),
            Map.entry("TargetDto", Set.of("keys", "config", "partitions")),
            Map.entry("TickDto", Set.of("detail")),
            Map.entry("Sensor", Set.of("cursor", "startedAt", "nextTick", "lastTick")),
            Map.entry("SensorTickDto", Set.of("detail")),
            Map.entry("EvaluationDto", Set.of("reason")),
            Map.entry("Problem", Set.of("field", "instance", "candidates")));

    private RequiredProperties() {}

    static void apply(OpenAPI document) {
        if (document.getComponents() == null || document.getComponents().getSchemas() == null) {
            return;
        }
        Map<String, Schema> schemas = document.getComponents().getSchemas();
        Set<String> answered = new HashSet<>();
        if (document.getPaths() != null) {
            for (PathItem path : document.getPaths().getPathItems().values()) {
                for (Operation operation : path.getOperations().values()) {
                    if (operation.getResponses() != null) {
                        for (APIResponse response :
                                operation.getResponses().getAPIResponses().values()) {
                            content(response.getContent(), schemas, answered);
                        }
                    }
                }
            }
        }
        for (String name : answered) {
            Schema schema = schemas.get(name);
            if (schema.getProperties() == null || schema.getProperties().isEmpty()) {
                continue;
            }
            Set<String> optional = OPTIONAL.getOrDefault(name, Set.of());
            List<String> required = new ArrayList<>();
            for (String property : schema.getProperties().keySet()) {
                if (!optional.contains(property)) {
                    required.add(property);
                }
            }
            schema.setRequired(required);
        }
    }

    private static void content(Content content, Map<String, Schema> schemas, Set<String> seen) {
        if (content != null && content.getMediaTypes() != null) {
            for (MediaType media : content.getMediaTypes().values()) {
                walk(media.getSchema(), schemas, seen);
            }
        }
    }

    /** Collects the names of the component schemas {@code schema} refers to, directly or through others. */
    private static void walk(Schema schema, Map<String, Schema> schemas, Set<String> seen) {
        if (schema == null) {
            return;
        }
        String ref = schema.getRef();
        if (ref != null && ref.startsWith(SCHEMAS)) {
            String name = ref.substring(SCHEMAS.length());
            if (seen.add(name) && schemas.containsKey(name)) {
                walk(schemas.get(name), schemas, seen);
            }
            return;
        }
        if (schema.getProperties() != null) {
            schema.getProperties().values().forEach(p -> walk(p, schemas, seen));
        }
        walk(schema.getItems(), schemas, seen);
        walkAll(schema.getAllOf(), schemas, seen);
        walkAll(schema.getAnyOf(), schemas, seen);
        walkAll(schema.getOneOf(), schemas, seen);
        if (schema.getAdditionalPropertiesSchema() != null) {
            walk(schema.getAdditionalPropertiesSchema(), schemas, seen);
        }
    }

    private static void walkAll(Collection<Schema> all, Map<String, Schema> schemas, Set<String> seen) {
        if (all != null) {
            all.forEach(s -> walk(s, schemas, seen));
        }
    }
}
