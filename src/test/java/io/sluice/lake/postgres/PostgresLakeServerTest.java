package io.sluice.lake.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import io.sluice.lake.Lake;
import io.sluice.lake.LakeWrite;
import io.sluice.testing.PostgresLakeProfile;
import io.sluice.testing.Runs;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/** A server on the PostgreSQL lake starts, and materializes an asset through the REST API into the lake's schema. */
@QuarkusTest
@TestProfile(PostgresLakeProfile.class)
class PostgresLakeServerTest {

    @Inject
    Lake lake;

    @Inject
    DataSource store;

    @Test
    void anAppendAssetIsMaterializedIntoThePostgresLake() throws Exception {
        assertThat(lake).isInstanceOf(PgLake.class);
        JsonPath run =
                Runs.launchAndAwait("{\"assets\":[\"test/rb_ranges\"],\"partitions\":[\"2024-03-01\",\"2024-03-02\"]}");
        assertThat(run.getString("status")).as(run.getString("error")).isEqualTo("SUCCESS");

        assertThat(rows("SELECT load_id FROM lake.test_rb_ranges ORDER BY load_id"))
                .containsExactly("2024-03-01/1", "2024-03-02/1");
        List<LakeWrite> writes = lake.writesOf(run.getString("id"));
        assertThat(writes).hasSize(1);
        assertThat(writes.get(0).table()).isEqualTo("test_rb_ranges");
        assertThat(writes.get(0).rowsInserted()).isEqualTo(2);

        JsonPath again = Runs.launchAndAwait("{\"assets\":[\"test/rb_ranges\"],\"partitions\":[\"2024-03-01\"]}");
        assertThat(again.getString("status")).as(again.getString("error")).isEqualTo("SUCCESS");
        assertThat(rows("SELECT count(*) FROM lake.test_rb_ranges")).containsExactly("2");
    }

    @Test
    void theExamplesExtractAndRawLandInThePostgresLake() throws Exception {
        assertThat(lake.dialect()).isEqualTo(io.sluice.lake.LakeDialect.POSTGRES);
        JsonPath run = Runs.launchAndAwait("{\"assets\":[\"extract/form_adv_filings\",\"raw/form_adv_filings\"],"
                + "\"ranges\":[{\"start\":\"2005-01-01\",\"end\":\"2005-12-31\"}],"
                + "\"config\":{\"extract/form_adv_filings\":{\"firms\":40}}}");
        assertThat(run.getString("status")).as(run.getString("error")).isEqualTo("SUCCESS");

        List<String> extracted = rows("SELECT count(*) FROM lake.extract_form_adv_filings");
        assertThat(Long.parseLong(extracted.get(0)))
                .as("rows generated for 2005")
                .isPositive();
        assertThat(rows("SELECT count(*) FROM lake.raw_form_adv_filings")).isEqualTo(extracted);
        assertThat(rows("SELECT count(*) FROM lake.raw_form_adv_filings WHERE filing_date < DATE '2005-01-01' "
                        + "OR filing_date > DATE '2005-12-31' OR crd_number NOT BETWEEN 100001 AND 100040 "
                        + "OR ownership_code NOT IN ('NA', 'A', 'B', 'C', 'D', 'E') OR owner_name IS NULL"))
                .as("the generator's rows, within the window and the firms asked for")
                .containsExactly("0");

        JsonPath again = Runs.launchAndAwait("{\"assets\":[\"extract/form_adv_filings\",\"raw/form_adv_filings\"],"
                + "\"ranges\":[{\"start\":\"2005-06-01\",\"end\":\"2005-06-30\"}],"
                + "\"config\":{\"extract/form_adv_filings\":{\"firms\":40}}}");
        assertThat(again.getString("status")).as(again.getString("error")).isEqualTo("SUCCESS");
        assertThat(rows("SELECT count(*) FROM lake.raw_form_adv_filings"))
                .as("a month landed again: each filing is landed once")
                .isEqualTo(extracted);
    }

    @Test
    void aBitemporalAssetFailsWithOneSentenceNamingWhatIsMissing() {
        JsonPath run = Runs.launchAndAwait("{\"assets\":[\"test/rb_versions\"],\"partitions\":[\"2024-03-01\"]}");
        assertThat(run.getString("status")).isEqualTo("FAILURE");
        assertThat(run.getString("error"))
                .contains("the PostgreSQL lake cannot write BITEMPORAL_MERGE tables yet (table test_rb_versions)")
                .doesNotContain("\tat ");
    }

    private List<String> rows(String sql) throws Exception {
        try (Connection c = store.getConnection();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            List<String> values = new ArrayList<>();
            while (rs.next()) {
                values.add(rs.getString(1));
            }
            return values;
        }
    }
}
