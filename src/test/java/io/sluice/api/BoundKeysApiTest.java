package io.sluice.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.sluice.lake.Lake;
import io.sluice.testing.BoundKeyAssets;
import io.sluice.testing.Runs;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A key that looks like SQL reaches the asset's query as a bound value: it is processed as a key, not as SQL. */
@QuarkusTest
class BoundKeysApiTest {

    private static final String SQL_LIKE_KEY = "x' OR '1'='1";

    @Inject
    Lake lake;

    @Test
    void aKeyThatLooksLikeSqlSelectsTheRowsOfThatKeyOnly() {
        List<String> keys = List.of("a", "b", SQL_LIKE_KEY, SQL_LIKE_KEY, "x", "1");
        List<Long> amounts = List.of(1L, 2L, 40L, 2L, 100L, 1000L);
        lake.write(BoundKeyAssets.SOURCE, s -> {
            s.execute("CREATE OR REPLACE TABLE " + BoundKeyAssets.SOURCE + " (key VARCHAR, amount BIGINT)");
            return s.execute("INSERT INTO " + BoundKeyAssets.SOURCE + " SELECT unnest(?), unnest(?)", keys, amounts);
        });

        JsonPath run = Runs.launchAndAwait(
                "{\"assets\":[\"test/bound_keys\"],\"mode\":\"SINGLE_KEY\",\"keys\":[\"" + SQL_LIKE_KEY + "\"]}");

        assertThat(run.getString("status")).isEqualTo("SUCCESS");
        assertThat(run.getLong("keyCount")).isEqualTo(1);
        List<String> rows =
                lake.read(s -> s.queryStrings("SELECT key || ' = ' || total || ' from ' || source_rows FROM "
                        + BoundKeyAssets.TABLE + " ORDER BY 1"));
        long rowsOfTheKey = lake.read(
                s -> s.queryLong("SELECT count(*) FROM " + BoundKeyAssets.TABLE + " WHERE key = ?", SQL_LIKE_KEY));
        assertThat(rows)
                .as("exactly the key's own rows, none of the others a WHERE ... OR '1'='1' would select")
                .containsExactly(SQL_LIKE_KEY + " = 42 from 2");
        assertThat(rowsOfTheKey).isEqualTo(1);
    }
}
