package io.sluice.runs.launch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.Run;
import io.sluice.runs.RunKind;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunStep;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Every run is built by RunFactory: a single launch, one of a group, a rollback, and the retry of a dead run. */
class RunFactoryTest {

    private static final AssetKey A = AssetKey.parse("test/a");
    private static final AssetKey B = AssetKey.parse("test/b");
    private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");

    private final RunFactory factory = new RunFactory();
    private final ValidatedLaunch launch = new ValidatedLaunch(
            List.of(A, B),
            MaterializationMode.SINGLE_KEY,
            List.of("k1"),
            List.of("p1"),
            new ObjectMapper().createObjectNode().put("x", 1),
            "because",
            "alice",
            Map.of());

    @Test
    void aSingleLaunchIsOneQueuedRunOfNoGroup() {
        Run run = factory.launch(launch, NOW);
        assertThat(run.status()).isEqualTo(RunStatus.QUEUED);
        assertThat(run.assets()).containsExactly(A, B);
        assertThat(run.steps()).extracting(RunStep::asset).containsExactly(A, B);
        assertThat(run.steps()).extracting(RunStep::status).containsOnly(RunStatus.QUEUED);
        assertThat(run.partitions()).containsExactly("p1");
        assertThat(run.keys()).containsExactly("k1");
        assertThat(run.configJson()).isEqualTo("{\"x\":1}");
        assertThat(run.reason()).isEqualTo("because");
        assertThat(run.launchedBy()).isEqualTo("alice");
        assertThat(run.createdAt()).isEqualTo(NOW);
        assertThat(run.kind()).isEqualTo(RunKind.MATERIALIZE);
        assertThat(run.group()).isNull();
        assertThat(run.tags()).isEmpty();
        assertThat(RunFactory.attempt(run)).isEqualTo(1);
    }

    @Test
    void aRunOfAGroupCarriesItsGroupAndTagsOverSomeOfTheAssetsAndPartitions() {
        Run run = factory.inGroup(launch, List.of(B), List.of("p7", "p8"), "g1", Map.of("origin", "test"), NOW);
        assertThat(run.group()).isEqualTo("g1");
        assertThat(run.tags()).containsExactlyEntriesOf(Map.of("origin", "test"));
        assertThat(run.assets()).containsExactly(B);
        assertThat(run.steps())
                .singleElement()
                .satisfies(s -> assertThat(s.index()).isZero());
        assertThat(run.partitions()).containsExactly("p7", "p8");
        assertThat(factory.inGroup(launch, List.of(B), List.of("p7"), "g1", Map.of(), NOW)
                        .id())
                .as("ids are unique")
                .isNotEqualTo(run.id());
    }

    @Test
    void aRetryIsTheSameWorkInTheSameGroupTaggedWithItsParentAndAttempt() {
        Run dead = factory.inGroup(launch, List.of(A), List.of("p1"), "g1", Map.of("origin", "test"), NOW);
        Run retry = factory.retry(dead, NOW.plusSeconds(5));
        assertThat(retry.id()).isNotEqualTo(dead.id());
        assertThat(retry.group()).isEqualTo("g1");
        assertThat(retry.tags())
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of("origin", "test", RunFactory.PARENT_RUN, dead.id(), RunFactory.ATTEMPT, "2"));
        assertThat(retry.reason()).isEqualTo("attempt 2: run " + dead.id() + " died with the process");
        assertThat(retry.createdAt()).isEqualTo(NOW.plusSeconds(5));
        assertThat(retry.partitions()).isEqualTo(dead.partitions());
        assertThat(retry.configJson()).isEqualTo(dead.configJson());
        assertThat(RunFactory.attempt(retry)).isEqualTo(2);
        Run third = factory.retry(retry, NOW.plusSeconds(9));
        assertThat(RunFactory.attempt(third)).isEqualTo(3);
        assertThat(third.tags()).containsEntry(RunFactory.PARENT_RUN, retry.id());
    }

    @Test
    void aLaunchsTagsReachItsRunAndTheGroupsTagsAreAddedToThem() {
        ValidatedLaunch tagged = new ValidatedLaunch(
                launch.assets(),
                launch.mode(),
                launch.keys(),
                launch.partitions(),
                launch.configByAsset(),
                launch.reason(),
                launch.launchedBy(),
                Map.of("sluice/schedule", "nightly", "origin", "launch"));
        assertThat(factory.launch(tagged, NOW).tags())
                .containsExactlyInAnyOrderEntriesOf(Map.of("sluice/schedule", "nightly", "origin", "launch"));
        assertThat(factory.inGroup(tagged, List.of(A), List.of("p1"), "g1", Map.of("origin", "group"), NOW)
                        .tags())
                .as("the group's tags win over the launch's of the same name")
                .containsExactlyInAnyOrderEntriesOf(Map.of("sluice/schedule", "nightly", "origin", "group"));
    }

    @Test
    void aRollbackRestoresOneAssetInNoGroup() {
        Run run = factory.rollback(A, Optional.of("p1"), "run:abc", "bad load", "bob", NOW);
        assertThat(run.kind()).isEqualTo(RunKind.ROLLBACK);
        assertThat(run.rollbackTo()).isEqualTo("run:abc");
        assertThat(run.mode()).isEqualTo(MaterializationMode.FULL_REFRESH);
        assertThat(run.partitions()).containsExactly("p1");
        assertThat(run.group()).isNull();
        assertThat(run.steps()).extracting(RunStep::asset).containsExactly(A);
    }
}
