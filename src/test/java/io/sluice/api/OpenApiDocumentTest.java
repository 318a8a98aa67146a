package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.quarkus.test.junit.QuarkusTest;
import io.sluice.backfill.BackfillFilter;
import io.sluice.backfill.RunOrder;
import io.sluice.lists.ListFilters;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.RunStatus;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The OpenAPI document at /q/openapi is one a client can be generated from: every operation named and described, every
 * parameter described and typed, every refusal a Problem, one success per operation (the launches answering 201),
 * answers saying which properties they always hold, only the JSON API, only our own types.
 */
@QuarkusTest
class OpenApiDocumentTest {

    private static final Set<String> METHODS =
            Set.of("get", "put", "post", "delete", "patch", "head", "options", "trace");
    private static final String PROBLEM = "#/components/schemas/Problem";

    private JsonNode document;

    @BeforeEach
    void read() throws Exception {
        String json = given().accept("application/json")
                .get("/q/openapi?format=json")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        document = new ObjectMapper().readTree(json);
    }

    /** Each operation as "METHOD /path" with its node. */
    private Map<String, JsonNode> operations() {
        Map<String, JsonNode> operations = new TreeMap<>();
        document.path("paths")
                .fields()
                .forEachRemaining(path -> path.getValue().fields().forEachRemaining(op -> {
                    if (METHODS.contains(op.getKey())) {
                        operations.put(op.getKey().toUpperCase(Locale.ROOT) + " " + path.getKey(), op.getValue());
                    }
                }));
        assertThat(operations).as("the document has operations").hasSizeGreaterThan(25);
        return operations;
    }

    @Test
    void theSecuritySchemeIsBearerAsClientGeneratorsNeedIt() {
        JsonNode schemes = document.path("components").path("securitySchemes");
        assertThat(schemes.size()).as("security schemes: %s", schemes).isEqualTo(1);
        JsonNode bearer = schemes.path("bearer");
        assertThat(bearer.path("type").asText()).isEqualTo("http");
        assertThat(bearer.path("scheme").asText()).isEqualTo("bearer");
        assertThat(bearer.path("description").asText()).contains("My tokens");
        assertThat(document.path("security").toString()).isEqualTo("[{\"bearer\":[]}]");
    }

    @Test
    void everyOperationHasAUniqueIdASummaryInWordsAndADescription() {
        List<String> ids = new ArrayList<>();
        operations().forEach((name, op) -> {
            assertThat(op.path("operationId").asText())
                    .as("operationId of %s", name)
                    .matches("[a-z][A-Za-z]+");
            ids.add(op.path("operationId").asText());
            // a summary in words, not the method's name ("Get", "List", "Retry Failed")
            assertThat(op.path("summary").asText().split(" "))
                    .as("summary of %s", name)
                    .hasSizeGreaterThanOrEqualTo(3);
            assertThat(op.path("description").asText())
                    .as("description of %s", name)
                    .hasSizeGreaterThan(20);
            assertThat(op.path("tags")).as("tags of %s", name).hasSize(1);
        });
        assertThat(new HashSet<>(ids)).as("operationIds are unique").hasSameSizeAs(ids);
        Set<String> tags = new HashSet<>();
        document.path("tags").forEach(t -> {
            assertThat(t.path("description").asText())
                    .as("description of tag %s", t.path("name"))
                    .isNotBlank();
            tags.add(t.path("name").asText());
        });
        operations()
                .forEach((name, op) -> assertThat(tags)
                        .as("tag of %s is declared", name)
                        .contains(op.path("tags").path(0).asText()));
    }

    @Test
    void everyParameterIsDescribedAndHasASchema() {
        int parameters = 0;
        for (Map.Entry<String, JsonNode> op : operations().entrySet()) {
            for (JsonNode parameter : op.getValue().path("parameters")) {
                assertThat(parameter.path("description").asText())
                        .as("%s parameter %s", op.getKey(), parameter.path("name"))
                        .isNotBlank();
                // OpenAPI 3 wants a schema or a content; client generators refuse a parameter with neither
                assertThat(parameter.has("schema") || parameter.has("content"))
                        .as("%s parameter %s has a schema", op.getKey(), parameter.path("name"))
                        .isTrue();
                parameters++;
            }
        }
        assertThat(parameters).as("parameters seen").isGreaterThan(60);
    }

    @Test
    void everyRefusalIsAProblemAndEveryOperationSaysHowItRefuses() {
        operations().forEach((name, op) -> {
            List<String> refusals = new ArrayList<>();
            op.path("responses").fields().forEachRemaining(response -> {
                if (response.getKey().startsWith("4")) {
                    refusals.add(response.getKey());
                    JsonNode content = response.getValue().path("content");
                    assertThat(names(content))
                            .as("%s %s media types", name, response.getKey())
                            .containsExactly(Problem.MEDIA_TYPE);
                    assertThat(content.path(Problem.MEDIA_TYPE)
                                    .path("schema")
                                    .path("$ref")
                                    .asText())
                            .as("%s %s schema", name, response.getKey())
                            .isEqualTo(PROBLEM);
                    assertThat(response.getValue().path("description").asText())
                            .as("%s %s description", name, response.getKey())
                            .isNotBlank();
                }
            });
            assertThat(refusals).as("4xx responses of %s", name).isNotEmpty();
            assertThat(refusals)
                    .as("%s documents the refusals of authentication (401) and roles (403)", name)
                    .contains("401", "403");
        });
        JsonNode problem = document.path("components").path("schemas").path("Problem");
        assertThat(names(problem.path("properties")))
                .as("the Problem schema is the record io.sluice.api.Problem")
                .isEqualTo(Arrays.stream(Problem.class.getRecordComponents())
                        .map(c -> c.getName())
                        .collect(Collectors.toSet()));
    }

    @Test
    void launchesDocumentTheir201AndWhatTheyAnswer() {
        Map<String, String> created = Map.of(
                "POST /api/runs", "#/components/schemas/RunDto",
                "POST /api/backfills", "#/components/schemas/LaunchedDto",
                "POST /api/backfills/{id}/retry-failed", "#/components/schemas/LaunchedDto",
                "POST /api/assets/{key}/rollback", "#/components/schemas/RunDto");
        Map<String, JsonNode> operations = operations();
        created.forEach((name, schema) -> {
            JsonNode responses = operations.get(name).path("responses");
            assertThat(responses
                            .path("201")
                            .path("content")
                            .path("application/json")
                            .path("schema")
                            .path("$ref")
                            .asText())
                    .as("201 of %s", name)
                    .isEqualTo(schema);
        });
        assertThat(operations
                        .get("POST /api/backfills/preview")
                        .path("responses")
                        .path("200")
                        .path("content")
                        .path("application/json")
                        .path("schema")
                        .path("$ref")
                        .asText())
                .as("a backfill's preview answers its plan")
                .isEqualTo("#/components/schemas/PlanDto");
        assertThat(names(document.path("components")
                        .path("schemas")
                        .path("BackfillBody")
                        .path("properties")))
                .as("dryRun is no field of the launch: the preview is an operation of its own")
                .doesNotContain("dryRun");
    }

    /**
     * A generated client reads one success answer per operation: an operation that declared two (a launch's 201 and a dry
     * run's 200) made clients read the plan as the backfill and lose its id.
     */
    @Test
    void everyOperationAnswersOneKindOfSuccess() {
        operations().forEach((name, op) -> {
            List<String> successes = new ArrayList<>();
            op.path("responses").fieldNames().forEachRemaining(code -> {
                if (code.startsWith("2")) {
                    successes.add(code);
                }
            });
            assertThat(successes).as("2xx responses of %s", name).hasSize(1);
        });
    }

    @Test
    void answersSayWhichPropertiesTheyAlwaysHold() {
        JsonNode schemas = document.path("components").path("schemas");
        RequiredProperties.OPTIONAL.forEach((schema, optional) -> {
            assertThat(schemas.has(schema))
                    .as("RequiredProperties names schema %s", schema)
                    .isTrue();
            assertThat(names(schemas.path(schema).path("properties")))
                    .as("the optional properties of %s", schema)
                    .containsAll(optional);
        });
        int marked = 0;
        for (String answered : List.of(
                "RunDto",
                "StepDto",
                "AssetDto",
                "BackfillDto",
                "BackfillProgress",
                "LaunchedDto",
                "PlanDto",
                "PlannedRunDto",
                "LogLine",
                "AuditEvent",
                "CheckDto",
                "Problem")) {
            JsonNode schema = schemas.path(answered);
            Set<String> expected = new TreeSet<>(names(schema.path("properties")));
            expected.removeAll(RequiredProperties.OPTIONAL.getOrDefault(answered, Set.of()));
            assertThat(strings(schema.path("required")))
                    .as("required of %s", answered)
                    .containsExactlyInAnyOrderElementsOf(expected)
                    .isNotEmpty();
            marked++;
        }
        assertThat(strings(schemas.path("RunDto").path("required")))
                .contains("id", "status", "mode", "assets", "createdAt", "steps", "kind")
                .doesNotContain("endedAt", "error");
        assertThat(strings(schemas.path("LaunchedDto").path("required"))).containsExactly("backfill", "plan");
        assertThat(marked).isEqualTo(12);
        // request bodies require what a request must give
        assertThat(strings(schemas.path("LaunchBody").path("required"))).containsExactly("assets");
        assertThat(strings(schemas.path("BackfillBody").path("required"))).containsExactly("assets");
        assertThat(strings(schemas.path("RollbackBody").path("required"))).containsExactly("reason");
        assertThat(strings(schemas.path("KeysBody").path("required"))).containsExactly("keys");
        assertThat(strings(schemas.path("PoolBody").path("required"))).containsExactly("limit");
        assertThat(strings(schemas.path("PartitionRange").path("required"))).containsExactly("start", "end");
        assertThat(schemas.path("ReasonBody").has("required")).isFalse();
    }

    /** The one page read by keyset after a row rather than after an id: its cursors are text. */
    private static final String LAKE_ROWS = "GET /api/lake/tables/{name}/rows";

    @Test
    void queryParametersHaveTheTypesTheServerReadsThemAs() {
        int typed = 0;
        for (Map.Entry<String, JsonNode> op : operations().entrySet()) {
            for (JsonNode parameter : op.getValue().path("parameters")) {
                if (!parameter.path("in").asText().equals("query")) {
                    continue;
                }
                String name = parameter.path("name").asText();
                JsonNode schema = parameter.path("schema");
                String where = op.getKey() + " ?" + name;
                if (where.equals("GET /api/backfills ?after")) {
                    // the backfills page's keyset position: the id of the last backfill of a page, not a number
                    assertThat(schema.path("type").asText()).as(where).isEqualTo("string");
                    typed++;
                    continue;
                }
                switch (name) {
                    case "after", "before" -> {
                        if (op.getKey().equals(LAKE_ROWS)) {
                            // a keyset cursor: the order-column values of a row as the Link header hands them out
                            assertThat(schema.path("type").asText()).as(where).isEqualTo("string");
                        } else {
                            assertThat(schema.path("type").asText()).as(where).isEqualTo("integer");
                            assertThat(schema.path("format").asText()).as(where).isEqualTo("int32");
                            assertThat(schema.has("minimum"))
                                    .as(where + " minimum")
                                    .isTrue();
                        }
                        typed++;
                    }
                    case "cursor" -> {
                        assertThat(schema.path("type").asText()).as(where).isEqualTo("string");
                        typed++;
                    }
                    case "limit" -> {
                        assertThat(schema.path("type").asText()).as(where).isEqualTo("integer");
                        assertThat(schema.path("format").asText()).as(where).isEqualTo("int32");
                        assertThat(schema.has("minimum")).as(where + " minimum").isTrue();
                        typed++;
                    }
                    case "from", "to", "systemTime" -> {
                        assertThat(schema.path("format").asText()).as(where).isEqualTo("date-time");
                        typed++;
                    }
                    case "businessDate" -> {
                        assertThat(schema.path("format").asText()).as(where).isEqualTo("date");
                        typed++;
                    }
                    default -> {}
                }
                assertThat(schema.has("type") || schema.has("$ref"))
                        .as("%s has a type", where)
                        .isTrue();
                if (schema.path("type").asText().equals("string") && schema.has("default")) {
                    assertThat(schema.path("default").asText())
                            .as("%s: a number's default on a string", where)
                            .doesNotMatch("-?[0-9]+");
                }
            }
        }
        assertThat(typed).as("numbers and times among the query parameters").isGreaterThan(20);
    }

    /**
     * Each list takes its page's filters, a limit and a cursor (no offset), each described with a schema, and answers
     * the next page's address in a Link header (issue 28).
     */
    @Test
    void listsTakeThePagesFiltersAndACursorAndNameTheNextPageInALinkHeader() {
        Map<String, JsonNode> operations = operations();
        Map<String, List<String>> lists = Map.of(
                "GET /api/runs", ListFilters.RUN_PARAMETERS,
                "GET /api/audit", ListFilters.AUDIT_PARAMETERS,
                "GET /api/backfills", BackfillFilter.PARAMETERS);
        lists.forEach((name, filters) -> {
            JsonNode op = operations.get(name);
            Set<String> taken = new TreeSet<>();
            op.path("parameters").forEach(p -> {
                assertThat(p.path("in").asText()).as(name).isEqualTo("query");
                assertThat(p.path("description").asText())
                        .as(name + " " + p.path("name"))
                        .isNotBlank();
                assertThat(p.has("schema")).as(name + " " + p.path("name")).isTrue();
                taken.add(p.path("name").asText());
            });
            Set<String> expected = new TreeSet<>(filters);
            expected.addAll(List.of("limit", "cursor"));
            assertThat(taken).as(name).isEqualTo(expected);
            JsonNode link = op.path("responses").path("200").path("headers").path("Link");
            assertThat(link.path("description").asText()).as(name).contains("rel=\"next\"");
            assertThat(link.path("schema").path("type").asText()).as(name).isEqualTo("string");
        });
    }

    @Test
    void assetKeysAreOnePathParameterOfAnyNumberOfSegments() {
        Map<String, JsonNode> operations = operations();
        for (String name : List.of(
                "GET /api/assets/{key}",
                "GET /api/assets/{key}/keys",
                "GET /api/assets/{key}/partitions",
                "POST /api/assets/{key}/rollback")) {
            assertThat(operations).as(name).containsKey(name);
            assertThat(parameter(operations.get(name), "key")
                            .path("description")
                            .asText())
                    .contains("sales/eu/orders")
                    .contains("%2F");
        }
        assertThat(operations.keySet()).noneMatch(name -> name.contains("{group}"));
    }

    @Test
    void modesOrdersAndStatusesAreEnumsOfTheirJavaValues() {
        JsonNode schemas = document.path("components").path("schemas");
        assertThat(enumOf(schemas.path("MaterializationMode"))).isEqualTo(values(MaterializationMode.values()));
        assertThat(enumOf(schemas.path("RunOrder"))).isEqualTo(values(RunOrder.values()));
        assertThat(schemas.path("LaunchBody")
                        .path("properties")
                        .path("mode")
                        .path("$ref")
                        .asText())
                .isEqualTo("#/components/schemas/MaterializationMode");
        assertThat(schemas.path("BackfillBody")
                        .path("properties")
                        .path("mode")
                        .path("$ref")
                        .asText())
                .isEqualTo("#/components/schemas/MaterializationMode");
        assertThat(schemas.path("BackfillBody")
                        .path("properties")
                        .path("order")
                        .path("$ref")
                        .asText())
                .isEqualTo("#/components/schemas/RunOrder");
        Map<String, JsonNode> operations = operations();
        assertThat(parameter(operations.get("GET /api/runs"), "status")
                        .path("schema")
                        .path("$ref")
                        .asText())
                .isEqualTo("#/components/schemas/RunStatus");
        assertThat(enumOf(schemas.path("RunStatus"))).isEqualTo(values(RunStatus.values()));
        assertThat(parameter(operations.get("GET /api/assets/{key}/partitions"), "status")
                        .path("schema")
                        .path("$ref")
                        .asText())
                .isEqualTo("#/components/schemas/PartitionState");
    }

    @Test
    void onlyTheJsonApiIsDocumented() {
        List<String> paths = new ArrayList<>();
        document.path("paths").fieldNames().forEachRemaining(paths::add);
        assertThat(paths)
                .as("no page, fragment or form of the UI (io.sluice.web)")
                .allMatch(p -> p.startsWith("/api/"));
        assertThat(paths).contains("/api/runs", "/api/backfills");
    }

    @Test
    void everySchemaIsOneOfOursNotAFrameworkType() {
        Set<String> schemas = names(document.path("components").path("schemas"));
        assertThat(schemas)
                .as("framework types")
                .doesNotContainAnyElementsOf(List.of(
                        "Template",
                        "TemplateInstance",
                        "Variant",
                        "Expression",
                        "SectionHelper",
                        "EngineImpl",
                        "JsonNode",
                        "ObjectNode",
                        "ArrayNode",
                        "JsonNodeType",
                        "Charset",
                        "Locale",
                        "AtomicLong"));
        Set<String> ours = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("io.sluice").stream()
                        .map(JavaClass::getSimpleName)
                        .collect(Collectors.toSet());
        // Instant: the JDK's timestamp; PartitionRange: BackfillRequest.Range, renamed (two records are called Range)
        Set<String> strangers = new TreeSet<>(schemas);
        strangers.removeAll(ours);
        strangers.removeAll(Set.of("Instant", "PartitionRange"));
        assertThat(strangers).as("schemas named after no class of io.sluice").isEmpty();
    }

    private static JsonNode parameter(JsonNode operation, String name) {
        for (JsonNode p : operation.path("parameters")) {
            if (p.path("name").asText().equals(name)) {
                return p;
            }
        }
        throw new AssertionError("no parameter " + name + " in " + operation);
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(v -> values.add(v.asText()));
        return values;
    }

    private static Set<String> names(JsonNode object) {
        Set<String> names = new TreeSet<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static List<String> enumOf(JsonNode schema) {
        List<String> values = new ArrayList<>();
        schema.path("enum").forEach(v -> values.add(v.asText()));
        return values;
    }

    private static List<String> values(Enum<?>[] constants) {
        return Arrays.stream(constants).map(Enum::name).toList();
    }
}
