package io.sluice.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.sluice.testing.Backfills;
import io.sluice.testing.Runs;
import java.net.URL;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The MCP server through the SDK's own client over streamable HTTP, on the example's data: two years of filings landed
 * and the transforms run, then every tool asked, the two observations of {@code docs/mcp.md}'s sample session computed,
 * and bad inputs, a write and over-limit queries refused as tool errors with a sentence. On DuckDB here, on PostgreSQL
 * in {@link PostgresMcpServerTest}.
 */
@QuarkusTest
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class McpServerTest {

    static final ObjectMapper JSON = new ObjectMapper();

    static String transformRun;

    /** The run of the ownership table's latest version (the eager trigger's or ours, whichever wrote last). */
    static String lastOwnershipWriter;

    @TestHTTPResource("/")
    URL base;

    McpSyncClient client;

    @BeforeEach
    void connect() {
        client = McpClient.sync(HttpClientStreamableHttpTransport.builder(
                                base.toString().replaceAll("/$", ""))
                        .endpoint("/mcp")
                        .build())
                .requestTimeout(Duration.ofSeconds(120))
                .build();
        client.initialize();
    }

    @AfterEach
    void disconnect() {
        client.closeGracefully();
    }

    private McpSchema.CallToolResult call(String tool, Map<String, Object> arguments) {
        return client.callTool(new McpSchema.CallToolRequest(tool, arguments));
    }

    private static String text(McpSchema.CallToolResult result) {
        return ((McpSchema.TextContent) result.content().get(0)).text();
    }

    private JsonNode answer(String tool, Map<String, Object> arguments) throws Exception {
        McpSchema.CallToolResult result = call(tool, arguments);
        assertThat(result.isError()).as(tool + ": " + text(result)).isFalse();
        return JSON.readTree(text(result));
    }

    private String refusal(String tool, Map<String, Object> arguments) {
        McpSchema.CallToolResult result = call(tool, arguments);
        assertThat(result.isError())
                .as(tool + " " + arguments + " refused: " + text(result))
                .isTrue();
        String sentence = text(result);
        assertThat(sentence).doesNotContain("Exception").doesNotContain("\tat ").doesNotContain("\n");
        return sentence;
    }

    private long rows(String table) throws Exception {
        return answer("run_sql", Map.of("sql", "SELECT count(*) AS n FROM " + table))
                .at("/rows/0/n")
                .asLong();
    }

    @Test
    @Order(1)
    void theExampleLandsAndTheServerOffersItsReadOnlyTools() {
        JsonPath backfill = Backfills.launchAndAwait(
                "{\"assets\":[\"extract/form_adv_filings\",\"raw/form_adv_filings\"],\"ranges\":[{\"start\":"
                        + "\"2001-01-01\",\"end\":\"2002-12-31\"}],\"singleRun\":true,\"config\":"
                        + "{\"extract/form_adv_filings\":{\"through\":\"2002-12-31\"}},\"reason\":\"mcp test\"}");
        assertThat(backfill.getString("status")).isEqualTo("COMPLETED");
        JsonPath run = Runs.launchAndAwait("{\"assets\":[\"transform/form_adv_firm_identity\","
                + "\"transform/form_adv_firm_ownership\"],\"reason\":\"mcp test\"}");
        assertThat(run.getString("status")).as(run.getString("error")).isEqualTo("SUCCESS");
        transformRun = run.getString("id");

        List<McpSchema.Tool> tools = client.listTools().tools();
        assertThat(tools)
                .extracting(McpSchema.Tool::name)
                .containsExactlyInAnyOrder(
                        "list_assets", "describe_table", "query_table", "run_sql", "run_changes", "summarize_activity");
        assertThat(tools).allMatch(t -> t.annotations().readOnlyHint());
    }

    @Test
    @Order(2)
    void listAssetsGivesLineageAndFreshness() throws Exception {
        JsonNode raw =
                answer("list_assets", Map.of("asset", "raw/form_adv_filings")).get(0);
        assertThat(raw.get("table").asText()).isEqualTo("raw_form_adv_filings");
        assertThat(raw.get("upstream").toString()).contains("extract/form_adv_filings");
        assertThat(raw.get("downstream").toString()).contains("transform/form_adv_firm_ownership");
        assertThat(raw.at("/freshness/lastMaterializedAt").asText()).isNotEmpty();
        assertThat(raw.at("/freshness/partitions/MATERIALIZED").asLong()).isGreaterThanOrEqualTo(730);
        assertThat(answer("list_assets", Map.of("group", "transform")))
                .extracting(a -> a.get("key").asText())
                .contains("transform/form_adv_firm_ownership", "transform/form_adv_firm_identity");
        assertThat(refusal("list_assets", Map.of("asset", "raw/nope"))).contains("no asset has the key 'raw/nope'");
    }

    @Test
    @Order(3)
    void describeAndQueryATableAsOfBothDates() throws Exception {
        JsonNode described = answer("describe_table", Map.of("table", "form_adv_firm_ownership", "versions", 5));
        assertThat(described.at("/table/writeMode").asText()).startsWith("BITEMPORAL");
        assertThat(described.at("/table/columns").toString()).contains("system_from", "ownership_code");
        assertThat(described.at("/table/currentRows").asLong()).isPositive();
        List<String> writers = described.get("versions").findValuesAsText("runId");
        assertThat(writers).isNotEmpty().hasSizeLessThanOrEqualTo(5).doesNotContainNull();
        lastOwnershipWriter = writers.get(0);

        JsonNode asOf = answer(
                "query_table", Map.of("table", "form_adv_firm_ownership", "business_date", "2002-06-30", "limit", 7));
        assertThat(asOf.get("rows").size()).isBetween(1, 7);
        for (JsonNode row : asOf.get("rows")) {
            assertThat(row.get("valid_from").asText()).isLessThanOrEqualTo("2002-06-30");
        }
        assertThat(answer(
                                "query_table",
                                Map.of("table", "form_adv_firm_ownership", "system_time", "2000-01-01T00:00:00Z"))
                        .get("rows")
                        .size())
                .as("nothing was believed before the first write")
                .isZero();
        assertThat(refusal("describe_table", Map.of("table", "no_such_table"))).contains("no table 'no_such_table'");
        assertThat(refusal("query_table", Map.of("table", "form_adv_firm_ownership", "business_date", "June")))
                .contains("business_date must be a date");
        assertThat(refusal("describe_table", Map.of("table", "form_adv_firm_ownership", "rows", 3)))
                .contains("rows")
                .contains("not defined in the schema");
    }

    /** The sample session of docs/mcp.md: the share of rows per system version, and gaps split by value change. */
    @Test
    @Order(4)
    void runSqlReproducesTheSampleSessionsTwoObservations() throws Exception {
        JsonNode shares = answer("run_sql", Map.of("sql", McpSamples.SHARE_PER_SYSTEM_VERSION));
        assertThat(shares.get("rows").size()).isPositive();
        double total = 0;
        long counted = 0;
        for (JsonNode row : shares.get("rows")) {
            total += row.get("share").asDouble();
            counted += row.get("row_count").asLong();
        }
        assertThat(total).isCloseTo(1.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(counted).isEqualTo(rows("form_adv_firm_ownership"));

        JsonNode gaps = answer("run_sql", Map.of("sql", McpSamples.GAPS_BY_VALUE_CHANGE));
        assertThat(gaps.get("columns").findValuesAsText("name"))
                .containsExactly("across_gap", "gaps", "shortest_days", "longest_days");
        for (JsonNode row : gaps.get("rows")) {
            assertThat(row.get("across_gap").asText()).isIn("same value", "value changed");
        }
    }

    @Test
    @Order(5)
    void aWriteAndOverLimitQueriesAreRefusedAndChangeNothing() throws Exception {
        long before = rows("raw_form_adv_filings");
        assertThat(refusal("run_sql", Map.of("sql", "DELETE FROM raw_form_adv_filings")))
                .contains("only a read-only query may run");
        assertThat(refusal("run_sql", Map.of("sql", "DROP TABLE raw_form_adv_filings")))
                .contains("only a read-only query may run");
        assertThat(rows("raw_form_adv_filings")).isEqualTo(before);
        assertThat(refusal("run_sql", Map.of("sql", "SELECT 1", "max_rows", 5000)))
                .isEqualTo("max_rows must be from 1 to 1000, not 5000");
        assertThat(refusal(
                        "run_sql",
                        Map.of(
                                "sql",
                                "SELECT count(*) FROM generate_series(1, 200000) a, generate_series(1, 200000) b"
                                        + " WHERE a.a * b.b = 7",
                                "timeout_seconds",
                                1)))
                .contains("time limit of 1 s");
        JsonNode capped = answer("run_sql", Map.of("sql", "SELECT * FROM raw_form_adv_filings", "max_rows", 3));
        assertThat(capped.get("rows").size()).isEqualTo(3);
        assertThat(capped.get("truncated").asBoolean()).isTrue();
    }

    @Test
    @Order(6)
    void summariesAndARunsChanges() throws Exception {
        JsonNode summary = answer("summarize_activity", Map.of("asset", "transform/form_adv_firm_ownership"));
        assertThat(summary.at("/runs/byStatus/SUCCESS").asInt()).isPositive();
        assertThat(summary.get("checks").findValuesAsText("check")).contains("known_ownership_codes");
        assertThat(answer("summarize_activity", Map.of()).at("/backfills").toString())
                .contains("raw/form_adv_filings");
        assertThat(refusal("summarize_activity", Map.of("from", "2030-01-01T00:00:00Z", "to", "2029-01-01T00:00:00Z")))
                .contains("must be before");

        JsonNode changes = answer("run_changes", Map.of("run_id", lastOwnershipWriter, "limit", 5));
        assertThat(changes.get("writes").findValuesAsText("table")).contains("form_adv_firm_ownership");
        assertThat(changes.at("/rowChanges/form_adv_firm_ownership/opened").size())
                .isBetween(1, 5);
        assertThat(refusal("run_changes", Map.of("run_id", "no-such-run"))).contains("no run");
    }
}
