package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.config.EncoderConfig;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Refusals say what was wrong in words, naming the field and the kind of value it takes: never the JSON library's text
 * ({@code Cannot coerce String value ("3") to `int` value (but might if coercion using CoercionConfig was enabled)},
 * {@code Unexpected character ('b' (code 98))}).
 */
@QuarkusTest
class ProblemWordsApiTest {

    private static void assertInWords(String detail) {
        assertThat(detail)
                .doesNotContain("`")
                .doesNotContain("java.")
                .doesNotContain("Coercion")
                .doesNotContain("(code ")
                .doesNotContain("JsonToken")
                .doesNotContain("Cannot ");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "a string for a whole number|/api/backfills/preview|{\"assets\":[\"test/daily\"],\"partitionsPerRun\":\"3\"}|400|partitionsPerRun"
                        + "|request body field 'partitionsPerRun' must be a whole number, not the text '3'",
                "a number for true or false|/api/backfills/preview|{\"assets\":[\"test/daily\"],\"singleRun\":1}|400|singleRun"
                        + "|request body field 'singleRun' must be true or false, not the number 1",
                "a number out of range|/api/backfills/preview|{\"assets\":[\"test/daily\"],\"maxConcurrent\":99999999999}|422|maxConcurrent"
                        + "|request body field 'maxConcurrent' is out of range: a whole number from -2,147,483,648 to 2,147,483,647",
                "a word that is not JSON|/api/runs|{\"assets\": [bad]}|400|"
                        + "|request body is not valid JSON (line 1, column 13): unexpected text 'bad' (text goes in double quotes; JSON knows true, false and null)",
                "an unquoted field name|/api/runs|{assets: []}|400|"
                        + "|request body is not valid JSON (line 1, column 2): unexpected 'a' where a field name in double quotes belongs",
                "a run config of the wrong type|/api/runs|{\"assets\":[\"test/flaky\"],\"config\":{\"attempts\":\"many\"}}|400|config.attempts"
                        + "|config of test/flaky field 'attempts' must be a whole number, not the text 'many'",
            })
    void aBodyWithAMistakeIsRefusedInWords(
            String name, String path, String body, int status, String field, String detail) {
        JsonPath problem = given().contentType(ContentType.JSON)
                .body(body)
                .when()
                .post(path)
                .then()
                .statusCode(status)
                .contentType("application/problem+json")
                .extract()
                .jsonPath();
        assertThat(problem.getString("detail")).startsWith(detail);
        assertInWords(problem.getString("detail"));
        if (field != null) {
            assertThat(problem.getString("field")).isEqualTo(field);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "not JSON|{b}|config is not valid JSON (line 1, column 2): unexpected 'b' where a field name in double quotes belongs",
                "a list|[1]|config must be an object, not a list",
                "a value of the wrong type|{\"attempts\": \"3\"}|config of test/flaky field 'attempts' must be a whole number, not the text '3'",
            })
    void aRunConfigWithAMistakeIsRefusedInTheLaunchFormInWords(String name, String config, String detail) {
        String html = given().config(RestAssured.config()
                        .encoderConfig(EncoderConfig.encoderConfig()
                                .appendDefaultContentCharsetToContentTypeIfUndefined(false)))
                .contentType(ContentType.URLENC)
                .formParam("asset", "test/flaky")
                .formParam("as", "run")
                .formParam("config", config)
                .when()
                .post("/ui/launch")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        String text = html.replaceAll("<[^>]+>", "")
                .replace("&quot;", "\"")
                .replace("&#39;", "'")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&");
        assertThat(text).contains("Not launched.").contains(detail);
        assertInWords(text);
    }
}
