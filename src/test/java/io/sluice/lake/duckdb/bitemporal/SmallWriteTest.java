package io.sluice.lake.duckdb.bitemporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.lake.bitemporal.Replace;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link SmallWrite#plan} on hand-made states. */
class SmallWriteTest {

    private static final LocalDate JAN = LocalDate.of(2024, 1, 1);
    private static final LocalDate FEB = LocalDate.of(2024, 2, 1);
    private static final LocalDate MAR = LocalDate.of(2024, 3, 1);

    /** Firm 1 (scope 1) filed owner 7 with hash "a" on Jan 1st and Mar 1st: one version from Jan 1st on. */
    private static final List<SmallWrite.Filing> FILINGS =
            List.of(new SmallWrite.Filing(1, JAN, 100), new SmallWrite.Filing(1, MAR, 101));

    private static final List<SmallWrite.Assertion> ASSERTIONS =
            List.of(new SmallWrite.Assertion(1, 7, JAN, "a", 200), new SmallWrite.Assertion(1, 7, MAR, "a", 201));
    private static final List<SmallWrite.Version> VERSIONS = List.of(new SmallWrite.Version(1, 7, JAN, null, "a", 300));

    @Test
    void a_late_filing_with_other_values_splits_the_version_and_takes_the_earlier_part_from_it() {
        // Feb 1st arrives late with hash "b": [Jan, Feb) a, [Feb, Mar) b, [Mar, -) a
        SmallWrite.Plan plan = SmallWrite.plan(
                        true,
                        Replace.NONE,
                        List.of(new SmallWrite.Row(1, 7, FEB, "b", 5)),
                        List.of(),
                        FILINGS,
                        ASSERTIONS,
                        VERSIONS)
                .orElseThrow();

        assertThat(plan.closeVersions()).containsExactly(300L);
        assertThat(plan.openVersions())
                .containsExactlyInAnyOrder(
                        new SmallWrite.Opening(SmallWrite.Source.VERSION, 300, JAN, FEB),
                        new SmallWrite.Opening(SmallWrite.Source.BATCH_ROW, 5, FEB, MAR),
                        new SmallWrite.Opening(SmallWrite.Source.VERSION, 300, MAR, null));
        assertThat(plan.assertionRows()).containsExactly(5L);
        assertThat(plan.filingRows()).containsExactly(5L);
        assertThat(plan.closeAssertions()).isEmpty();
        assertThat(plan.closeFilings()).isEmpty();
    }

    @Test
    void a_scope_replaced_by_one_filing_closes_the_other_filings_and_their_assertions() {
        SmallWrite.Plan plan = SmallWrite.plan(
                        true,
                        Replace.SCOPES,
                        List.of(new SmallWrite.Row(1, 7, JAN, "a", 5)),
                        List.of(),
                        FILINGS,
                        ASSERTIONS,
                        VERSIONS)
                .orElseThrow();

        assertThat(plan.closeFilings()).containsExactly(101L);
        assertThat(plan.closeAssertions()).containsExactly(201L);
        assertThat(plan.assertionRows()).isEmpty(); // Jan 1st is known with the same hash
        assertThat(plan.versionsChange()).isFalse(); // still one version from Jan 1st on
        assertThat(plan.knowledgeChanges()).isTrue();
    }

    @Test
    void an_empty_filing_marker_ends_the_version_and_the_identical_rerun_changes_nothing() {
        SmallWrite.Plan plan = SmallWrite.plan(
                        true,
                        Replace.NONE,
                        List.of(),
                        List.of(new SmallWrite.Marker(1, 0, FEB, 9)),
                        FILINGS,
                        ASSERTIONS,
                        VERSIONS)
                .orElseThrow();
        assertThat(plan.filingMarkers()).containsExactly(9L);
        assertThat(plan.closeVersions()).containsExactly(300L);
        assertThat(plan.openVersions())
                .containsExactlyInAnyOrder(
                        new SmallWrite.Opening(SmallWrite.Source.VERSION, 300, JAN, FEB),
                        new SmallWrite.Opening(SmallWrite.Source.VERSION, 300, MAR, null));

        SmallWrite.Plan rerun = SmallWrite.plan(
                        true,
                        Replace.NONE,
                        List.of(new SmallWrite.Row(1, 7, MAR, "a", 5)),
                        List.of(),
                        FILINGS,
                        ASSERTIONS,
                        VERSIONS)
                .orElseThrow();
        assertThat(rerun.knowledgeChanges()).isFalse();
        assertThat(rerun.versionsChange()).isFalse();
    }

    @Test
    void a_key_mode_tombstone_is_an_assertion_without_hash_that_ends_the_key() {
        // key mode: scope = key = 7; a tombstone on Mar 1st after the value of Jan 1st
        SmallWrite.Plan plan = SmallWrite.plan(
                        false,
                        Replace.NONE,
                        List.of(),
                        List.of(new SmallWrite.Marker(7, 7, MAR, 9)),
                        List.of(),
                        List.of(new SmallWrite.Assertion(7, 7, JAN, "a", 200)),
                        List.of(new SmallWrite.Version(7, 7, JAN, null, "a", 300)))
                .orElseThrow();
        assertThat(plan.tombstoneMarkers()).containsExactly(9L);
        assertThat(plan.closeVersions()).containsExactly(300L);
        assertThat(plan.openVersions())
                .containsExactly(new SmallWrite.Opening(SmallWrite.Source.VERSION, 300, JAN, MAR));
    }

    @Test
    void the_general_path_decides_repeated_keys_values_not_at_hand_and_full_refreshes() {
        List<SmallWrite.Row> twice =
                List.of(new SmallWrite.Row(1, 7, FEB, "b", 5), new SmallWrite.Row(1, 7, FEB, "b", 6));
        assertThat(SmallWrite.plan(true, Replace.NONE, twice, List.of(), FILINGS, ASSERTIONS, VERSIONS))
                .isEmpty();

        // Mar 1st's assertion says "c", which no current version carries (a value coming back from history)
        List<SmallWrite.Assertion> withC =
                List.of(new SmallWrite.Assertion(1, 7, JAN, "a", 200), new SmallWrite.Assertion(1, 7, MAR, "c", 201));
        assertThat(SmallWrite.plan(
                        true,
                        Replace.NONE,
                        List.of(new SmallWrite.Row(1, 7, FEB, "b", 5)),
                        List.of(),
                        FILINGS,
                        withC,
                        VERSIONS))
                .isEmpty();

        assertThatThrownBy(
                        () -> SmallWrite.plan(true, Replace.ALL, List.of(), List.of(), FILINGS, ASSERTIONS, VERSIONS))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
