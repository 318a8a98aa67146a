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
