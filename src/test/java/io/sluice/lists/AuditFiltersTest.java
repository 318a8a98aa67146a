package io.sluice.lists;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditFilter;
import io.sluice.runs.RequestRejected;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The audit trail's filter as the page, its CSV and {@code GET /api/audit} read it: {@link ListFilters#audit}. */
class AuditFiltersTest {

    /** Ids as typed: no store to look them up in. */
    private static final ListFilters.Ids AS_TYPED = new ListFilters.Ids((f, id) -> id, (f, id) -> id);

    private static AuditFilter parse(String... pairs) {
        Map<String, String> params = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            params.put(pairs[i], pairs[i + 1]);
        }
        return ListFilters.audit(params::get, AS_TYPED);
    }

    @Test
    void blankFiltersAreNotGiven() {
        assertThat(parse("actor", "", "action", " ", "from", "", "target", "")).isEqualTo(AuditFilter.NONE);

        AuditFilter f = parse(
                "actor", " alice ",
                "action", "run_launched",
                "target", "raw/x y",
                "from", "2025-01-01T00:00",
                "to", "2025-02-01T00:00:00Z");
        assertThat(f.actor()).contains("alice");
        assertThat(f.action()).contains(AuditAction.RUN_LAUNCHED);
        assertThat(f.target()).contains("raw/x y");
        assertThat(f.from()).contains(Instant.parse("2025-01-01T00:00:00Z"));
        assertThat(f.to()).contains(Instant.parse("2025-02-01T00:00:00Z"));
    }

    @Test
    void theApisFiltersAreThePagesToo() {
        AuditFilter f = parse("asset", "raw/x", "run", "r-1", "backfill", "b-1", "to", "2025-02-01");
        assertThat(f.asset()).contains("raw/x");
        assertThat(f.run()).contains("r-1");
        assertThat(f.backfill()).contains("b-1");
        // a day as "to" is the end of that day
        assertThat(f.to()).contains(Instant.parse("2025-02-02T00:00:00Z"));
    }

    @Test
    void badValuesAreRefusedNamingTheirField() {
        assertField(() -> parse("action", "EXPLODED"), "action");
        assertField(() -> parse("from", "tomorrow"), "from");
        assertField(() -> parse("from", "2025-02-01T00:00:00Z", "to", "2025-01-01T00:00:00Z"), "from");
        assertField(() -> parse("actor", "a\u0000b"), "actor");
        assertField(() -> parse("target", "t".repeat(401)), "target");
        assertField(() -> parse("asset", "no-slash"), "asset");
    }

    private static void assertField(Runnable parse, String field) {
        assertThatThrownBy(parse::run)
                .isInstanceOf(RequestRejected.class)
                .satisfies(e -> assertThat(((RequestRejected) e).field()).isEqualTo(field));
    }
}
