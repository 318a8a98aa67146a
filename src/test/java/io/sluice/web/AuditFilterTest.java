package io.sluice.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.audit.AuditAction;
import io.sluice.lists.ListFilters;
import io.sluice.runs.RequestRejected;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AuditFilterTest {

    /** Ids as typed: no store to look them up in. */
    private static final ListFilters.Ids AS_TYPED = new ListFilters.Ids((f, id) -> id, (f, id) -> id);

    private static AuditFilter parse(String... pairs) {
        Map<String, String> params = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            params.put(pairs[i], pairs[i + 1]);
        }
        return AuditFilter.parse(params::get, AS_TYPED);
    }

    @Test
    void blankFiltersAreNotGivenAndTheQueryStringCarriesWhatIs() {
        AuditFilter none = parse("actor", "", "action", " ", "from", "", "before", "", "limit", "");
        assertThat(none).isEqualTo(AuditFilter.NONE);
        assertThat(none.query()).isEmpty();

        AuditFilter f = parse(
                "actor", " alice ",
                "action", "run_launched",
                "target", "raw/x y",
                "from", "2025-01-01T00:00",
                "to", "2025-02-01T00:00:00Z",
                "before", "42",
                "limit", "10");
        assertThat(f.actor()).contains("alice");
        assertThat(f.action()).contains(AuditAction.RUN_LAUNCHED);
        assertThat(f.from()).contains(Instant.parse("2025-01-01T00:00:00Z"));
        assertThat(f.before()).contains(42L);
        assertThat(f.query())
                .isEqualTo("actor=alice&action=RUN_LAUNCHED&target=raw%2Fx+y&from=2025-01-01T00%3A00%3A00Z"
                        + "&to=2025-02-01T00%3A00%3A00Z&limit=10");
        assertThat(f.next(17)).endsWith("&limit=10&before=17").doesNotContain("before=42");
        assertThat(f.search(11).limit()).isEqualTo(11);
        assertThat(f.search(11).beforeId()).isEqualTo(Optional.of(42L));
    }

    @Test
    void theApisFiltersAreThePagesToo() {
        AuditFilter f = parse("asset", "raw/x", "run", "r-1", "backfill", "b-1", "to", "2025-02-01");
        assertThat(f.filter().asset()).contains("raw/x");
        assertThat(f.filter().run()).contains("r-1");
        assertThat(f.filter().backfill()).contains("b-1");
        // a day as "to" is the end of that day
        assertThat(f.filter().to()).contains(Instant.parse("2025-02-02T00:00:00Z"));
        assertThat(f.query()).isEqualTo("asset=raw%2Fx&run=r-1&backfill=b-1&to=2025-02-02T00%3A00%3A00Z");
    }

    @Test
    void badValuesAreRefusedNamingTheirField() {
        assertField(() -> parse("action", "EXPLODED"), "action");
        assertField(() -> parse("from", "tomorrow"), "from");
        assertField(() -> parse("from", "2025-02-01T00:00:00Z", "to", "2025-01-01T00:00:00Z"), "from");
        assertField(() -> parse("before", "0"), "before");
        assertField(() -> parse("before", "x"), "before");
        assertField(() -> parse("limit", "501"), "limit");
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
