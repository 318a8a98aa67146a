package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.sluice.lake.Lake;
import io.sluice.testing.OwnLakeProfile;
import io.sluice.testing.Runs;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A rollback leaves incremental state consistent with the data (issue 27, item 4): rolling a keyed asset back (to a run,
 * or undoing a run) sets its watermark back with its data, so the next INCREMENTAL run recomputes what the rollback took
 * out; rolling an upstream table back resets the incremental state of the keyed assets that read the changed data, so
 * their next INCREMENTAL run recomputes every key. Over the keyed test assets of {@code RollbackAssets}.
 */
@QuarkusTest
@TestProfile(OwnLakeProfile.class)
class RollbackIncrementalStateTest {

    @Inject
    Lake lake;

    private static JsonPath land(String source, String load, String keys, int value) {
        JsonPath run = Runs.launchAndAwait("{\"assets\":[\"test/" + source + "\"],\"config\":{\"load\":\"" + load
                + "\",\"keys\":\"" + keys + "\",\"value\":" + value + "}}");
        assertThat(run.getString("status")).as(run.getString("error")).isEqualTo("SUCCESS");
        return run;
    }

    private static JsonPath incremental(String asset) {
        JsonPath run = Runs.launchAndAwait("{\"assets\":[\"test/" + asset + "\"],\"mode\":\"INCREMENTAL\"}");
        assertThat(run.getString("status")).as(run.getString("error")).isEqualTo("SUCCESS");
        return run;
    }

    private static JsonPath rollback(String asset, String field, String run) {
        String id = given().contentType(ContentType.JSON)
                .body("{\"" + field + "\":\"" + run + "\",\"reason\":\"test\"}")
                .when()
                .post("/api/assets/test/" + asset + "/rollback")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
        JsonPath done = Runs.await(id);
        assertThat(done.getString("status")).as(done.getString("error")).isEqualTo("SUCCESS");
        return done;
    }

    private List<String> rows(String table) {
        return lake.read(s -> s.queryStrings("SELECT k || '=' || v FROM " + table + " ORDER BY k"));
    }

    @Test
    void aRolledBackKeyedAssetRecomputesWhatTheRollbackTookOutOnItsNextIncrementalRun() {
        land("rb_source", "L1", "a,b", 1);
        JsonPath first = incremental("rb_keyed");
        assertThat(first.getLong("keyCount")).isEqualTo(2);
        land("rb_source", "L2", "b,c", 2);
        JsonPath second = incremental("rb_keyed");
        assertThat(second.getLong("keyCount")).isEqualTo(2);
        assertThat(rows("test_rb_keyed")).containsExactly("a=1", "b=2", "c=2");

        JsonPath rollback = rollback("rb_keyed", "toRun", first.getString("id"));
        assertThat(rows("test_rb_keyed")).containsExactly("a=1", "b=1");

        JsonPath again = incremental("rb_keyed");
        assertThat(again.getLong("keyCount"))
                .as("the watermark went back with the data: the keys of L2 are recomputed")
                .isEqualTo(2);
        assertThat(rollback.getString("materializations[0].metadata.watermarks_restored"))
                .isEqualTo("1");
        assertThat(rows("test_rb_keyed")).containsExactly("a=1", "b=2", "c=2");

        // undo this run: back to just before the run's write
        land("rb_source", "L3", "d", 3);
        JsonPath third = incremental("rb_keyed");
        assertThat(third.getLong("keyCount")).isEqualTo(1);
        given().when()
                .get("/api/assets/test/rb_keyed/rollback?beforeRun=" + third.getString("id"))
                .then()
                .statusCode(200)
                .body("rollbackTo", equalTo("before:" + third.getString("id")))
                .body("undone[0].runId", equalTo(third.getString("id")))
                .body("watermarks.size()", equalTo(1))
                .body("watermarks[0].value", notNullValue());
        JsonPath undo = rollback("rb_keyed", "beforeRun", third.getString("id"));
        assertThat(undo.getString("rollbackTo")).isEqualTo("before:" + third.getString("id"));
        assertThat(rows("test_rb_keyed")).containsExactly("a=1", "b=2", "c=2");
        assertThat(incremental("rb_keyed").getLong("keyCount"))
                .as("undoing the run set the watermark back to the one before it")
                .isEqualTo(1);
        assertThat(rows("test_rb_keyed")).containsExactly("a=1", "b=2", "c=2", "d=3");
    }

    @Test
    void rollingBackAnUpstreamTableResetsTheIncrementalStateOfTheKeyedAssetsThatReadIt() {
        JsonPath f1 = land("rb_feed", "F1", "x,y", 1);
        assertThat(incremental("rb_reader").getLong("keyCount")).isEqualTo(2);
        land("rb_feed", "F2", "y,z", 2);
        assertThat(incremental("rb_reader").getLong("keyCount")).isEqualTo(2);
        assertThat(rows("test_rb_reader")).containsExactly("x=1", "y=2", "z=2");

        given().when()
                .get("/data/test_rb_feed/rollback?toRun=" + f1.getString("id"))
                .then()
                .statusCode(200)
                .body(containsString("test/rb_reader"))
                .body(containsString("Read the changed data. The rollback resets its incremental state"));

        given().when()
                .get("/api/assets/test/rb_feed/rollback?toRun=" + f1.getString("id"))
                .then()
                .statusCode(200)
                .body("rollbackTo", equalTo("run:" + f1.getString("id")))
                .body("problem", nullValue())
                .body("downstream[0].asset", equalTo("test/rb_reader"))
                .body("downstream[0].readChangedData", equalTo(true))
                .body("downstream[0].resetsIncrementalState", equalTo(true));
        JsonPath rollback = rollback("rb_feed", "toRun", f1.getString("id"));
        assertThat(rollback.getString("materializations[0].metadata.downstream_reset"))
                .isEqualTo("test/rb_reader");
        JsonPath next = incremental("rb_reader");
        assertThat(next.getLong("keyCount"))
                .as("a reset incremental state: every key of the rolled-back feed is recomputed")
                .isEqualTo(2);
        assertThat(rows("test_rb_reader")).startsWith("x=1", "y=1");
    }

    @Test
    void exactlyOneTargetIsTaken() {
        given().contentType(ContentType.JSON)
                .body("{\"toRun\":\"a\",\"beforeRun\":\"b\",\"reason\":\"test\"}")
                .when()
                .post("/api/assets/test/rb_keyed/rollback")
                .then()
                .statusCode(422)
                .body("detail", containsString("exactly one of toRun, beforeRun and toSystemTime"));
        given().contentType(ContentType.JSON)
                .body("{\"beforeRun\":\"no-such-run\",\"reason\":\"test\"}")
                .when()
                .post("/api/assets/test/rb_keyed/rollback")
                .then()
                .statusCode(404)
                .body("detail", containsString("no-such-run"));
    }
}
