package io.sluice.lake;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.partitions.StaticPartitions;
import io.sluice.partitions.TimeWindowPartitions;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rules each write mode carries (what callers used to ask with instanceof). */
class WriteModeTest {

    private static final Instant NOW = Instant.parse("2025-06-01T12:00:00Z");
    private static final WriteMode APPEND = WriteMode.append("load_id");
    private static final WriteMode OVERWRITE = WriteMode.partitionOverwrite("day");
    private static final WriteMode UPSERT = WriteMode.upsert("id");
    private static final WriteMode BITEMPORAL =
            WriteMode.bitemporal(List.of("firm", "owner"), List.of("pct"), "filing_date", List.of("firm"));

    @Test
    void eachModeVisitsItsOwnMethod() {
        WriteMode.Visitor<String> names = new WriteMode.Visitor<>() {
            @Override
            public String append(WriteMode.Append mode) {
                return "append " + mode.loadIdColumn();
            }

            @Override
            public String partitionOverwrite(WriteMode.PartitionOverwrite mode) {
                return "overwrite " + mode.partitionColumn();
            }

            @Override
            public String upsert(WriteMode.Upsert mode) {
                return "upsert " + mode.keyColumns();
            }

            @Override
            public String bitemporal(WriteMode.Bitemporal mode) {
                return "bitemporal " + mode.dateColumn();
            }
        };
        assertThat(List.of(APPEND, OVERWRITE, UPSERT, BITEMPORAL))
                .extracting(m -> m.accept(names))
                .containsExactly("append load_id", "overwrite day", "upsert [id]", "bitemporal filing_date");
    }

    @Test
    void onlyBitemporalKeepsHistoryOnlyOverwriteWritesOnePartitionAndKeysAreTheDeclaredOnes() {
        assertThat(List.of(APPEND, OVERWRITE, UPSERT, BITEMPORAL))
                .extracting(WriteMode::keepsHistory)
                .containsExactly(false, false, false, true);
        assertThat(List.of(APPEND, OVERWRITE, UPSERT, BITEMPORAL))
                .extracting(WriteMode::writesOnePartition)
                .containsExactly(false, true, false, false);
        assertThat(List.of(APPEND, OVERWRITE, UPSERT, BITEMPORAL))
                .extracting(WriteMode::keyColumns)
                .as("an APPEND table is read by key on its load id unless it is looked up by other columns")
                .containsExactly(List.of("load_id"), List.of(), List.of("id"), List.of("firm", "owner"));
    }

    @Test
    void aPartitionRollsBackOnItsOwnExceptInUpsertAndInBitemporalWithoutWholeDays() {
        TimeWindowPartitions daily = TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1));
        TimeWindowPartitions hourly = TimeWindowPartitions.hourly(LocalDateTime.of(2024, 1, 1, 0, 0));
        assertThat(APPEND.partitionRollbackProblem("a", StaticPartitions.of("eu"), "eu", NOW))
                .isEmpty();
        assertThat(OVERWRITE.partitionRollbackProblem("a", hourly, "2024-03-31-05:00", NOW))
                .isEmpty();
        assertThat(UPSERT.partitionRollbackProblem("a", daily, "2024-03-31", NOW))
                .hasValueSatisfying(problem -> assertThat(problem)
                        .startsWith("an UPSERT table keeps snapshots of the whole table, not of partitions"));
        assertThat(BITEMPORAL.partitionRollbackProblem("a", daily, "2024-03-31", NOW))
                .isEmpty();
        assertThat(BITEMPORAL.partitionRollbackProblem("owners", hourly, "2024-03-31-05:00", NOW))
                .hasValueSatisfying(problem -> assertThat(problem)
                        .contains("the partitions of owners (")
                        .contains("are not whole days"));
    }

    @Test
    void eachModeSaysWhatAReadByKeyFiltersOnAndTheOrderItsRowsArePagedIn() {
        assertThat(APPEND.keyColumns())
                .as("an APPEND table is read by its load id")
                .containsExactly("load_id");
        WriteMode raw = WriteMode.append("filing_id").lookedUpBy("crd_number");
        assertThat(raw.keyColumns()).containsExactly("crd_number");
        assertThat(raw.rowOrder()).containsExactly("crd_number");
        assertThat(OVERWRITE.keyColumns()).isEmpty();
        assertThat(OVERWRITE.rowOrder()).containsExactly("day");
        assertThat(UPSERT.rowOrder()).containsExactly("id");
        assertThat(BITEMPORAL.rowOrder())
                .as("a key's versions by validity, then by when they were believed")
                .containsExactly("firm", "owner", "valid_from", "system_from");
        assertThat(new WriteMode.Append("load_id")).isEqualTo(APPEND);
    }

    /** PostgreSQL cuts identifiers at 63 bytes: a longer declared column is refused on either lake, naming it. */
    @Test
    void aDeclaredColumnNameHasAtMost63Characters() {
        String ok = "c".repeat(63);
        String tooLong = "c".repeat(64);
        assertThat(WriteMode.upsert(ok)).isNotNull();
        assertThat(WriteMode.bitemporal(List.of("k"), List.of(ok), "d", List.of()))
                .isNotNull();
        List<Runnable> declarations = List.of(
                () -> WriteMode.upsert(tooLong),
                () -> WriteMode.append(tooLong),
                () -> WriteMode.partitionOverwrite(tooLong),
                () -> WriteMode.bitemporal(List.of("k"), List.of(tooLong), "d", List.of()),
                () -> WriteMode.bitemporal(List.of(tooLong), List.of("v"), "d", List.of()),
                () -> WriteMode.bitemporal(List.of("k"), List.of("v"), tooLong, List.of()));
        for (int i = 0; i < declarations.size(); i++) {
            org.assertj.core.api.Assertions.assertThatThrownBy(declarations.get(i)::run)
                    .as("declaration " + i)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(
                            "column name '" + tooLong
                                    + "' has 64 characters; at most 63 (PostgreSQL's limit, so that a pipeline runs on either lake)");
        }
    }
}
