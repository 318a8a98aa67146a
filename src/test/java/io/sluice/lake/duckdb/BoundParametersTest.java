package io.sluice.lake.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.lake.Sql;
import io.sluice.lake.Staging;
import io.sluice.lake.TableSpec;
import io.sluice.lake.WriteMode;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Values next to the SQL: each kind reaches DuckDB as a value of its type, never as SQL text. */
class BoundParametersTest extends LakeFixture {

    private static final String SQL_LIKE_KEY = "x' OR '1'='1";

    /** The DuckDB type and the text of a bound value. */
    private String typed(Object value) {
        return strings("SELECT typeof(x) || ' ' || x::VARCHAR FROM (SELECT $1 AS x)", value)
                .get(0);
    }

    private List<String> strings(String sql, Object... params) {
        return lake.read(s -> s.queryStrings(sql, params));
    }

    private long count(String sql, Object... params) {
        return lake.read(s -> s.queryLong(sql, params));
    }

    @Test
    void eachScalarKindIsBoundAsAValueOfItsType() {
        assertThat(typed(SQL_LIKE_KEY)).isEqualTo("VARCHAR " + SQL_LIKE_KEY);
        assertThat(typed(42L)).isEqualTo("BIGINT 42");
        assertThat(typed(7)).isEqualTo("INTEGER 7");
        assertThat(typed(1.5d)).isEqualTo("DOUBLE 1.5");
        assertThat(typed(new BigDecimal("12.50"))).isEqualTo("DECIMAL(4,2) 12.50");
        assertThat(typed(true)).isEqualTo("BOOLEAN true");
        assertThat(typed(LocalDate.of(2024, 2, 29))).isEqualTo("DATE 2024-02-29");
    }

    @Test
    void instantsAndOffsetTimesAreTimestampsWithTimeZoneOfTheSameInstant() {
        Instant instant = Instant.parse("2024-01-02T03:04:05Z");
        OffsetDateTime elsewhere = OffsetDateTime.of(2024, 1, 2, 5, 4, 5, 0, ZoneOffset.ofHours(2));
        assertThat(typed(instant)).startsWith("TIMESTAMP WITH TIME ZONE ");
        assertThat(typed(elsewhere)).startsWith("TIMESTAMP WITH TIME ZONE ");
        assertThat(count(
                        "SELECT count(*) WHERE ? = TIMESTAMPTZ '2024-01-02 03:04:05+00' AND ? = ?",
                        instant,
                        elsewhere,
                        instant))
                .isEqualTo(1);
        assertThat(count("SELECT epoch(?)::BIGINT", instant)).isEqualTo(instant.getEpochSecond());
    }

    @Test
    void nullIsBoundAsNull() {
        assertThat(strings("SELECT coalesce(?::DATE, DATE '9999-12-31')::VARCHAR", (Object) null))
                .containsExactly("9999-12-31");
    }

    @Test
    void aListIsOneListValue() {
        List<String> keys = List.of("b", SQL_LIKE_KEY, "a");
        assertThat(strings("SELECT typeof(?)", keys)).containsExactly("VARCHAR[]");
        assertThat(count("SELECT len(?)", keys)).isEqualTo(3);
        assertThat(strings("SELECT unnest(?) AS k ORDER BY k", keys)).containsExactly("a", "b", SQL_LIKE_KEY);
        assertThat(typed(List.of(3L, 4, 5L))).isEqualTo("BIGINT[] [3, 4, 5]");
        assertThat(typed(List.of(1.5d, 2))).isEqualTo("DOUBLE[] [1.5, 2.0]");
        assertThat(count("SELECT len(?)", List.of())).isZero();
    }

    @Test
    void aBatchOfKeysAndADateFilterATable() {
        lake.write("filings", s -> {
            s.execute("CREATE TABLE filings (crd VARCHAR, filed DATE)");
            return s.execute(
                    "INSERT INTO filings SELECT unnest(?), unnest(?)",
                    List.of("1", "1", "2", "3", SQL_LIKE_KEY),
                    List.of("2024-01-01", "2024-03-01", "2024-03-01", "2024-03-01", "2024-03-01"));
        });

        long matching = lake.read(s -> s.queryLong(
                "SELECT count(*) FROM filings WHERE filed > ? AND crd IN (SELECT unnest(?))",
                LocalDate.of(2024, 2, 1),
                List.of("1", "3", SQL_LIKE_KEY, "9")));
        long removed = lake.write(
                "filings",
                s -> s.execute(
                        "DELETE FROM filings WHERE crd = ? OR filed < ?", SQL_LIKE_KEY, LocalDate.of(2024, 2, 1)));

        assertThat(matching).isEqualTo(3);
        assertThat(removed).isEqualTo(2);
        assertThat(strings("SELECT crd FROM filings ORDER BY 1")).containsExactly("1", "2", "3");
    }

    @Test
    void stagedRowsTakeBoundValuesOnTheFirstAndOnLaterPublishes() {
        TableSpec table = new TableSpec("bound_rows", WriteMode.upsert("key"), List.of());
        List<Long> staged = new ArrayList<>();
        for (List<String> batch : List.of(List.of("a", SQL_LIKE_KEY), List.of("b"), List.of(SQL_LIKE_KEY))) {
            try (Staging staging = lake.stage(table, "run-" + staged.size(), Optional.empty())) {
                staged.add(staging.rows(Sql.of(
                        "SELECT unnest(?) AS key, ? AS day, ? AS n",
                        batch,
                        LocalDate.of(2024, 5, staged.size() + 1),
                        staged.size())));
                staging.publish(false);
            }
        }

        assertThat(staged).containsExactly(2L, 1L, 1L);
        assertThat(strings("SELECT key || ' ' || day || ' ' || n FROM bound_rows ORDER BY key"))
                .containsExactly("a 2024-05-01 0", "b 2024-05-02 1", SQL_LIKE_KEY + " 2024-05-03 2");
    }

    @Test
    void aStatementWithoutValuesMayStillHoldSeveralStatements() {
        lake.write("two", s -> s.execute("CREATE TABLE two (n INTEGER); INSERT INTO two VALUES (1), (2)"));
        assertThat(count("SELECT sum(n) FROM two WHERE n <= ?", 2)).isEqualTo(3);
    }

    @Test
    void loadsAppendedBindsItsTableAndVersions() {
        Sql loads = lake.read(s -> s.loadsAppended("raw_things", 3, 7));
        assertThat(loads.params()).containsExactly("raw_things", 3L, 7L);
        assertThat(loads.text())
                .doesNotContain("raw_things")
                .doesNotContain("3")
                .doesNotContain("7");
    }
}
