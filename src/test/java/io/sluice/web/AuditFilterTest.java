package io.sluice.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.audit.AuditAction;
import io.sluice.runs.RequestRejected;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AuditFilterTest {

    @Test
    void blankFiltersAreNotGivenAndTheQueryStringCarriesWhatIs() {
        AuditFilter none = AuditFilter.parse("", " ", null, "", null, "", "");
        assertThat(none).isEqualTo(AuditFilter.NONE);
        assertThat(none.query()).isEmpty();

        AuditFilter f = AuditFilter.parse(
                " alice ", "run_launched", "raw/x y", "2025-01-01T00:00", "2025-02-01T00:00:00Z", "42", "10");
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
    void badValuesAreRefusedNamingTheirField() {
        assertField(() -> AuditFilter.parse(null, "EXPLODED", null, null, null, null, null), "action");
        assertField(() -> AuditFilter.parse(null, null, null, "tomorrow", null, null, null), "from");
        assertField(
                () -> AuditFilter.parse(null, null, null, "2025-02-01T00:00:00Z", "2025-01-01T00:00:00Z", null, null),
                "from");
        assertField(() -> AuditFilter.parse(null, null, null, null, null, "0", null), "before");
        assertField(() -> AuditFilter.parse(null, null, null, null, null, "x", null), "before");
        assertField(() -> AuditFilter.parse(null, null, null, null, null, null, "501"), "limit");
        assertField(() -> AuditFilter.parse("a\u0000b", null, null, null, null, null, null), "actor");
        assertField(() -> AuditFilter.parse(null, null, "t".repeat(201), null, null, null, null), "target");
    }

    private static void assertField(Runnable parse, String field) {
        assertThatThrownBy(parse::run)
                .isInstanceOf(RequestRejected.class)
                .satisfies(e -> assertThat(((RequestRejected) e).field()).isEqualTo(field));
    }
}
