package io.sluice.runs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.api.StrictJson;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What a user reads about a JSON mistake: the field's kind and what was sent, never Java types or the library's settings. */
class JsonMistakeTest {

    public record Body(List<String> assets, Integer partitionsPerRun, Boolean singleRun, String reason, MaterializationMode mode,
                       Map<String, Object> config, java.time.LocalDate day) {
    }

    private static final ObjectMapper MAPPER = mapper();

    private static ObjectMapper mapper() {
        ObjectMapper mapper = new ObjectMapper().findAndRegisterModules().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        new StrictJson().customize(mapper);
        return mapper;
    }

    private static String mistake(String json) {
        try {
            MAPPER.readValue(json, Body.class);
        } catch (JsonProcessingException e) {
            return JsonMistake.of(e);
        }
        throw new AssertionError("read without a mistake: " + json);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            {"partitionsPerRun": "3"}           | must be a whole number, not the text "3"
            {"partitionsPerRun": 1.5}           | must be a whole number, not the number 1.5
            {"partitionsPerRun": true}          | must be a whole number, not true
            {"partitionsPerRun": [1]}           | must be a whole number, not a list
            {"partitionsPerRun": 99999999999}   | must be a whole number from -2,147,483,648 to 2,147,483,647, not 99999999999
            {"singleRun": 1}                    | must be true or false, not the number 1
            {"singleRun": "yes"}                | must be true or false, not the text "yes"
            {"assets": "x"}                     | must be a list [...], not the text "x"
            {"assets": [{}]}                    | must be text (in double quotes), not an object
            {"reason": {}}                      | must be text (in double quotes), not an object
            {"mode": "FAST"}                    | must be one of INCREMENTAL, FULL_REFRESH, SINGLE_KEY, not the text "FAST"
            {"config": [1]}                     | must be an object {...}, not a list
            {"day": "yesterday"}                | must be a date such as "2024-12-31", not the text "yesterday"
            {"nope": 1}                         | is not a field of this request; the fields are assets, config, day, mode, partitionsPerRun, reason, singleRun
            [1]                                 | must be an object {...}, not a list
            {b}                                 | unexpected character 'b'; a field name must be in double quotes (line 1, column 2)
            bad                                 | unexpected word 'bad'; expected a JSON value (text in double quotes, a number, a list, an object, true, false or null) (line 1, column 1)
            {"reason": "a", "reason": "b"}      | the field 'reason' is given twice (line 1, column 25)
            {"reason": "a"} {}                  | there is more after the JSON value; send exactly one JSON value
            {"assets": [                        | the JSON ends before a list is closed with ] (line 1, column 13)
            {"reason": "a"                      | the JSON ends before an object is closed with } (line 1, column 15)
            """)
    void aMistakeIsSaidInWordsNamingWhatWasExpectedAndWhatCame(String json, String expected) {
        String said = mistake(json);
        assertThat(said).isEqualTo(expected).doesNotContain("`").doesNotContain("java.").doesNotContain("CoercionConfig")
                .doesNotContain("code 98");
    }
}
