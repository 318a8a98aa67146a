package io.sluice.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.backfill.Backfill;
import io.sluice.backfill.BackfillStatus;
import io.sluice.backfill.BackfillStore;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.MaterializationMode;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;

/**
 * The backfills list of {@link BackfillStore}: newest first, by status, in keyset pages. The backfills are created at
 * a random instant long ago, so other tests' backfills (created now) are all newer than them; run by a subclass per
 * backend.
 */
public abstract class BackfillStoreContract {

    @Inject
    BackfillStore store;

    private static Backfill backfill(String id, BackfillStatus status, Instant created) {
        return new Backfill(
                id,
                status,
                List.of(AssetKey.parse("contract/daily")),
                MaterializationMode.FULL_REFRESH,
                "{}",
                null,
                "tester",
                created,
                null,
                3,
                3,
                0,
                null);
    }

    @Test
    void pagesNewestFirstByKeysetAndFiltersByStatus() {
        Instant base = Instant.parse("1971-01-01T00:00:00Z")
                .plus(ThreadLocalRandom.current().nextLong(1, 300_000), ChronoUnit.HOURS);
        // two share their creation instant: the id breaks the tie, so no page repeats or skips one of them
        String tie = UUID.randomUUID().toString().substring(0, 30);
        List<Backfill> mine = List.of(
                backfill(UUID.randomUUID().toString(), BackfillStatus.COMPLETED, base),
                backfill(tie + "-aaaa", BackfillStatus.PAUSED, base.plusSeconds(60)),
                backfill(tie + "-bbbb", BackfillStatus.COMPLETED, base.plusSeconds(60)),
                backfill(UUID.randomUUID().toString(), BackfillStatus.PAUSED, base.plusSeconds(120)),
                backfill(UUID.randomUUID().toString(), BackfillStatus.COMPLETED, base.plusSeconds(180)));
        mine.forEach(store::create);
        List<String> newestFirst = List.of(
                mine.get(4).id(),
                mine.get(3).id(),
                mine.get(2).id(),
                mine.get(1).id(),
                mine.get(0).id());

        // from the newest of them, two at a time, each page after the last one of the one before
        List<String> paged = new ArrayList<>(List.of(mine.get(4).id()));
        Optional<BackfillStore.Position> after = Optional.of(BackfillStore.Position.of(mine.get(4)));
        while (paged.size() < newestFirst.size()) {
            List<Backfill> page = store.page(Optional.empty(), after, 2);
            assertThat(page).hasSize(2);
            page.forEach(b -> paged.add(b.id()));
            after = Optional.of(BackfillStore.Position.of(page.get(1)));
        }
        assertThat(paged.subList(0, 5)).containsExactlyElementsOf(newestFirst);

        List<Backfill> paused =
                store.page(Optional.of(BackfillStatus.PAUSED), Optional.of(BackfillStore.Position.of(mine.get(4))), 2);
        assertThat(paused)
                .extracting(Backfill::id)
                .containsExactly(mine.get(3).id(), mine.get(1).id());
        assertThat(paused).extracting(Backfill::status).containsOnly(BackfillStatus.PAUSED);

        List<Backfill> newest = store.page(Optional.empty(), Optional.empty(), 3);
        assertThat(newest).hasSize(3);
        assertThat(newest.get(0).createdAt()).isAfterOrEqualTo(newest.get(1).createdAt());
        assertThat(newest.get(1).createdAt()).isAfterOrEqualTo(newest.get(2).createdAt());
    }
}
