package io.sluice.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditLog;
import io.sluice.audit.AuditSearch;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * {@link AuditLog#search}, what the audit page and its CSV read: each filter, what a target matches, LIKE's wildcards
 * taken as text, and keyset pages. Every event carries an actor of its own, so other tests' events never match; run
 * by a subclass per backend.
 */
public abstract class AuditLogContract {

    @Inject
    AuditLog audit;

    private final String actor = "contract-" + UUID.randomUUID();
    private final Instant t0 = Instant.parse("2026-03-01T00:00:00Z");

    private AuditEvent event(int minute, AuditAction action, String run, String assets, Map<String, Object> detail) {
        return AuditEvent.of(t0.plusSeconds(60L * minute), actor, action, run, assets, "why " + minute, detail);
    }

    private List<String> reasons(
            Optional<AuditAction> action, Optional<String> target, Optional<Instant> from, Optional<Instant> to) {
        return audit
                .search(new AuditSearch(Optional.of(actor), action, target, from, to, Optional.empty(), 100))
                .stream()
                .map(AuditEvent::reason)
                .toList();
    }

    @Test
    void filtersByActionTargetAndTimeNewestFirstAndPagesByKeyset() {
        audit.recordAll(List.of(
                event(0, AuditAction.RUN_LAUNCHED, "run-a", "raw/a,raw/b,raw/c", Map.of()),
                event(1, AuditAction.RUN_FINISHED, "run-a", "raw/a,raw/b,raw/c", Map.of()),
                event(2, AuditAction.POOL_LIMIT_SET, null, null, Map.of("pool", "warehouse", "limit", 3)),
                event(3, AuditAction.RUN_LAUNCHED, "run-b", "raw/b", Map.of()),
                event(4, AuditAction.RUN_LAUNCHED, "run-c", "raw/a_x", Map.of())));
        audit.record(
                event(5, AuditAction.BACKFILL_PAUSED, null, "raw/c", Map.of()).withBackfill("bf-1"));

        Optional<AuditAction> anyAction = Optional.empty();
        Optional<Instant> whenever = Optional.empty();
        assertThat(reasons(anyAction, Optional.empty(), whenever, whenever))
                .containsExactly("why 5", "why 4", "why 3", "why 2", "why 1", "why 0");
        assertThat(reasons(Optional.of(AuditAction.RUN_LAUNCHED), Optional.empty(), whenever, whenever))
                .containsExactly("why 4", "why 3", "why 0");

        // a target is a run, a backfill, an asset anywhere in the list, or a value of the detail
        assertThat(reasons(anyAction, Optional.of("run-a"), whenever, whenever)).containsExactly("why 1", "why 0");
        assertThat(reasons(anyAction, Optional.of("bf-1"), whenever, whenever)).containsExactly("why 5");
        assertThat(reasons(anyAction, Optional.of("raw/a"), whenever, whenever)).containsExactly("why 1", "why 0");
        assertThat(reasons(anyAction, Optional.of("raw/b"), whenever, whenever))
                .containsExactly("why 3", "why 1", "why 0");
        assertThat(reasons(anyAction, Optional.of("raw/c"), whenever, whenever))
                .containsExactly("why 5", "why 1", "why 0");
        assertThat(reasons(anyAction, Optional.of("warehouse"), whenever, whenever))
                .containsExactly("why 2");
        // LIKE's wildcards are text: raw/a_x is not raw/a, and "raw/_" or "%" match nothing
        assertThat(reasons(anyAction, Optional.of("raw/a_x"), whenever, whenever))
                .containsExactly("why 4");
        assertThat(reasons(anyAction, Optional.of("raw/_"), whenever, whenever)).isEmpty();
        assertThat(reasons(anyAction, Optional.of("%"), whenever, whenever)).isEmpty();

        // from is inclusive, to exclusive
        assertThat(reasons(
                        anyAction,
                        Optional.empty(),
                        Optional.of(t0.plusSeconds(120)),
                        Optional.of(t0.plusSeconds(240))))
                .containsExactly("why 3", "why 2");

        // keyset pages of two: no event repeated or skipped, whatever is recorded meanwhile
        AuditSearch first = new AuditSearch(
                Optional.of(actor), anyAction, Optional.empty(), whenever, whenever, Optional.empty(), 2);
        List<AuditEvent> page1 = audit.search(first);
        audit.record(event(6, AuditAction.RUN_LAUNCHED, "run-d", "raw/d", Map.of()));
        List<AuditEvent> page2 = audit.search(first.after(page1.get(1).id()));
        List<AuditEvent> page3 = audit.search(first.after(page2.get(1).id()));
        assertThat(List.of(page1, page2, page3).stream().flatMap(List::stream).map(AuditEvent::reason))
                .containsExactly("why 5", "why 4", "why 3", "why 2", "why 1", "why 0");
    }
}
