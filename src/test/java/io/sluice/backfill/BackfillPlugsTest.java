package io.sluice.backfill;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.Run;
import io.sluice.runs.RunSettings;
import io.sluice.runs.launch.RunFactory;
import io.sluice.runs.launch.ValidatedLaunch;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What backfills plug into runs: admission (running, paused, canceled, limits) and the retry of a run that died. */
class BackfillPlugsTest {

    private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");

    private final Map<String, BackfillStatus> statuses = new HashMap<>();
    private final BackfillStore store = new BackfillStore() {
        @Override
        public void create(Backfill backfill) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<Backfill> find(String id) {
            return Optional.ofNullable(statuses.get(id))
                    .map(s -> new Backfill(
                            id,
                            s,
                            List.of(AssetKey.parse("test/a")),
                            MaterializationMode.FULL_REFRESH,
                            "{}",
                            null,
                            "tester",
                            NOW,
                            null,
                            1,
                            1,
                            0,
                            null));
        }

        @Override
        public List<String> idsEndingWith(String suffix, int limit) {
            throw new UnsupportedOperationException();
        }

        @Override
        public List<Backfill> page(Optional<BackfillStatus> status, Optional<Position> after, int limit) {
            throw new UnsupportedOperationException();
        }

        @Override
        public List<Backfill> withStatus(BackfillStatus status) {
            throw new UnsupportedOperationException();
        }

        @Override
        public List<String> idsWithStatus(Set<BackfillStatus> wanted) {
            return statuses.entrySet().stream()
                    .filter(e -> wanted.contains(e.getValue()))
                    .map(Map.Entry::getKey)
                    .sorted()
                    .toList();
        }

        @Override
        public Set<String> withStatus(Collection<String> ids, BackfillStatus status) {
            return Set.copyOf(
                    ids.stream().filter(id -> statuses.get(id) == status).toList());
        }

        @Override
        public List<Backfill> retriesOf(String id) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean transition(String id, Set<BackfillStatus> from, BackfillStatus to, Instant endedAt) {
            throw new UnsupportedOperationException();
        }
    };

    @Test
    void theRunsOfARunningBackfillAreAdmitted() {
        statuses.put("running", BackfillStatus.RUNNING);
        statuses.put("paused", BackfillStatus.PAUSED);
        statuses.put("canceled", BackfillStatus.CANCELED);
        statuses.put("done", BackfillStatus.COMPLETED);
        statuses.put("failed", BackfillStatus.FAILED);
        BackfillAdmission admission = new BackfillAdmission(store);
        assertThat(admission.admitted()).containsExactly("running");
        assertThat(admission.closed()).containsExactlyInAnyOrder("canceled", "done", "failed");
        assertThat(admission.stopped(List.of("running", "paused", "canceled", "unknown")))
                .containsExactly("canceled");
    }

    @Test
    void aDeadRunOfAnOpenBackfillIsRetriedUntilItsAttemptsAreUsedUp() {
        statuses.put("running", BackfillStatus.RUNNING);
        statuses.put("paused", BackfillStatus.PAUSED);
        statuses.put("canceled", BackfillStatus.CANCELED);
        BackfillRetryPolicy policy = new BackfillRetryPolicy(store, null, settings(3));
        assertThat(policy.retries(runOf("running"), 1)).isTrue();
        assertThat(policy.retries(runOf("paused"), 2)).isTrue();
        assertThat(policy.retries(runOf("running"), 3)).as("3 runs in all").isFalse();
        assertThat(policy.retries(runOf("canceled"), 1))
                .as("its backfill ended")
                .isFalse();
        assertThat(policy.retries(runOf("unknown"), 1)).isFalse();
        Run single = new RunFactory().launch(launch(), NOW);
        assertThat(policy.retries(single, 1)).as("not a backfill's").isFalse();
    }

    @Test
    void aBackfillsRunsAreTaggedWithIt() {
        Run run = new RunFactory()
                .inGroup(launch(), List.of(AssetKey.parse("test/a")), List.of("p1"), "b1", BackfillTags.of("b1"), NOW);
        assertThat(BackfillTags.backfillOf(run)).contains("b1");
        assertThat(run.tags()).containsEntry("sluice/backfill", "b1");
        assertThat(BackfillTags.backfillOf(new RunFactory().launch(launch(), NOW)))
                .isEmpty();
    }

    private Run runOf(String backfill) {
        return new RunFactory()
                .inGroup(
                        launch(),
                        List.of(AssetKey.parse("test/a")),
                        List.of("p1"),
                        backfill,
                        BackfillTags.of(backfill),
                        NOW);
    }

    private static ValidatedLaunch launch() {
        return new ValidatedLaunch(
                List.of(AssetKey.parse("test/a")),
                MaterializationMode.FULL_REFRESH,
                List.of(),
                List.of("p1"),
                new ObjectMapper().createObjectNode(),
                "because",
                "tester",
                Map.of());
    }

    private static RunSettings settings(int maxAttempts) {
        return (RunSettings) Proxy.newProxyInstance(
                RunSettings.class.getClassLoader(), new Class<?>[] {RunSettings.class}, (proxy, method, args) -> {
                    if (method.getName().equals("maxAttempts")) {
                        return maxAttempts;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }
}
