package io.sluice.client.tour;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.sluice.client.ApiClient;
import io.sluice.client.ApiException;
import io.sluice.client.api.AssetsApi;
import io.sluice.client.api.BackfillsApi;
import io.sluice.client.api.RunsApi;
import io.sluice.client.model.AssetDto;
import io.sluice.client.model.BackfillBody;
import io.sluice.client.model.BackfillDto;
import io.sluice.client.model.LaunchBody;
import io.sluice.client.model.LaunchedDto;
import io.sluice.client.model.LogLine;
import io.sluice.client.model.MaterializationMode;
import io.sluice.client.model.PartitionRange;
import io.sluice.client.model.PlanDto;
import io.sluice.client.model.Problem;
import io.sluice.client.model.RunDto;
import io.sluice.client.model.RunStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The README's tour, through the Java client openapi-generator made from Sluice's OpenAPI document: typed answers
 * (a launch's id, a plan's runs, a backfill's progress), typed query parameters, asset keys as one parameter whose
 * slashes the client percent-encodes, and refusals as problems.
 */
class ReadmeTourTest {

    private static final String EXTRACT = "extract/form_adv_filings";
    private static final String RAW = "raw/form_adv_filings";
    private static final String IDENTITY = "transform/form_adv_firm_identity";
    private static final Set<String> FINISHED = Set.of("COMPLETED", "FAILED", "CANCELED");

    private final ApiClient client = client(System.getProperty("sluice.url"), System.getProperty("sluice.token"));
    private final AssetsApi assets = new AssetsApi(client);
    private final RunsApi runs = new RunsApi(client);
    private final BackfillsApi backfills = new BackfillsApi(client);

    @Test
    void theTourThroughAGeneratedClient() throws Exception {
        // 1. the catalog, and one asset by its key
        assertThat(assets.listAssets()).extracting(AssetDto::getKey).contains(EXTRACT, RAW, IDENTITY);
        AssetDto identity = assets.getAsset(IDENTITY);
        assertThat(identity.getKey()).isEqualTo(IDENTITY);
        assertThat(identity.getUpstream()).containsExactly(RAW);

        // 2. a backfill of a year of filing days: its plan first, then launched and watched to its end
        BackfillBody year = new BackfillBody()
                .assets(List.of(EXTRACT, RAW))
                .ranges(List.of(new PartitionRange().start("2001-01-01").end("2001-12-31")))
                .partitionsPerRun(92)
                .reason("the tour's history");
        PlanDto plan = backfills.previewBackfill(year, null);
        assertThat(plan.getPartitionCount()).isEqualTo(365L);
        assertThat(plan.getRunCount()).isPositive();
        LaunchedDto launched = backfills.launchBackfill(year, null);
        String backfillId = launched.getBackfill().getId();
        assertThat(backfillId).as("a launch answers the backfill, not only its plan").isNotBlank();
        assertThat(launched.getPlan().getRunCount()).isEqualTo(plan.getRunCount());
        BackfillDto done = awaitBackfill(backfillId);
        assertThat(done.getStatus()).isEqualTo("COMPLETED");
        assertThat(done.getProgress().getSucceeded()).isEqualTo((long) plan.getRunCount());
        assertThat(runs.listRuns(null, backfillId, null, null, null, 500, null, null, null, null, RunStatus.SUCCESS, null)).hasSize(plan.getRunCount());

        // 3. the transform's INCREMENTAL run (the eager trigger's, which the test server leaves to the test)
        RunDto incremental = awaitRun(runs.launchRun(
                        new LaunchBody().assets(List.of(IDENTITY)).reason("filings landed"), null)
                .getId());
        assertThat(incremental.getStatus()).as(String.valueOf(incremental.getError())).isEqualTo(RunStatus.SUCCESS);
        assertThat(incremental.getMode()).isEqualTo(MaterializationMode.INCREMENTAL);

        // 4. one firm, on demand: a key the asset knows, a SINGLE_KEY run, polled, its logs read
        List<String> keys = assets.listAssetKeys(IDENTITY, "1", 5);
        assertThat(keys).isNotEmpty();
        RunDto queued = runs.launchRun(
                new LaunchBody()
                        .assets(List.of(IDENTITY))
                        .mode(MaterializationMode.SINGLE_KEY)
                        .keys(List.of(keys.get(0)))
                        .reason("customer reported a wrong name"),
                null);
        assertThat(queued.getId()).isNotBlank();
        assertThat(queued.getLaunchedBy()).as("the token's owner").isEqualTo("admin");
        RunDto run = awaitRun(queued.getId());
        assertThat(run.getStatus()).as(String.valueOf(run.getError())).isEqualTo(RunStatus.SUCCESS);
        assertThat(run.getKeyCount()).isEqualTo(1L);
        assertThat(run.getSteps()).hasSize(1);
        List<LogLine> logs = runs.listRunLogs(run.getId(), 0, 1000);
        assertThat(logs).isNotEmpty();
        assertThat(runs.listRunLogs(run.getId(), logs.get(logs.size() - 1).getId().intValue(), 1000))
                .as("nothing after the last line")
                .isEmpty();

        // 5. refusals: a problem body naming the field, and nothing launched
        ApiException noKeys = catchThrowableOfType(
                ApiException.class,
                () -> runs.launchRun(
                        new LaunchBody().assets(List.of(IDENTITY)).mode(MaterializationMode.SINGLE_KEY), null));
        assertThat(noKeys.getCode()).isEqualTo(422);
        Problem problem = client.getObjectMapper().readValue(noKeys.getResponseBody(), Problem.class);
        assertThat(problem.getStatus()).isEqualTo(422);
        assertThat(problem.getField()).isEqualTo("keys");
        assertThat(problem.getDetail()).contains("at least one key");
        String token = System.getProperty("sluice.token");
        if (token != null && !token.isBlank()) {
            ApiException anonymous = catchThrowableOfType(
                    ApiException.class, () -> new AssetsApi(client(System.getProperty("sluice.url"), null)).listAssets());
            assertThat(anonymous.getCode()).as("no token, no answer").isEqualTo(401);
        }
        ApiException unknown = catchThrowableOfType(ApiException.class, () -> assets.getAsset("nope/missing"));
        assertThat(unknown.getCode()).isEqualTo(404);
        assertThat(client.getObjectMapper()
                        .readValue(unknown.getResponseBody(), Problem.class)
                        .getDetail())
                .contains("nope/missing");
    }

    /** A client of the API at {@code url}, sending {@code token} (a personal API token) as Authorization: Bearer. */
    private static ApiClient client(String url, String token) {
        ApiClient client = new ApiClient();
        client.updateBaseUri(url);
        if (token != null && !token.isBlank()) {
            client.setRequestInterceptor(request -> request.header("Authorization", "Bearer " + token));
        }
        return client;
    }

    private BackfillDto awaitBackfill(String id) throws Exception {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(5));
        while (Instant.now().isBefore(deadline)) {
            BackfillDto b = backfills.getBackfill(id);
            if (FINISHED.contains(b.getStatus())) {
                return b;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("backfill " + id + " did not end");
    }

    private RunDto awaitRun(String id) throws Exception {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(3));
        while (Instant.now().isBefore(deadline)) {
            RunDto r = runs.getRun(id);
            if (r.getEndedAt() != null) {
                return r;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("run " + id + " did not end");
    }
}
