package io.sluice.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.api.StrictJson;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Jackson's refusals in a user's words. */
class JsonRefusalTest {

    record Body(List<String> keys, String reason, Integer limit, Boolean dryRun, Map<String, Object> config) {}

    private static final ObjectMapper MAPPER = strict();

    private static ObjectMapper strict() {
        ObjectMapper mapper = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        new StrictJson().customize(mapper);
        return mapper;
    }

    private static RequestRejected refusal(String json) {
        JsonProcessingException e =
                catchThrowableOfType(JsonProcessingException.class, () -> MAPPER.readValue(json, Body.class));
        assertThat(e).as(json).isNotNull();
        return JsonRefusal.body(e);
    }

    @Test
    void aWrongTypeNamesTheFieldWhatItMustBeAndWhatItIs() {
        assertThat(refusal("{\"keys\":[100001]}"))
                .hasMessage("request body field 'keys[0]' must be text, not the number 100001")
                .isInstanceOf(RequestRejected.Unreadable.class)
                .extracting(RequestRejected::field)
                .isEqualTo("keys[0]");
        assertThat(refusal("{\"keys\":[true]}")).hasMessage("request body field 'keys[0]' must be text, not true");
        assertThat(refusal("{\"keys\":[1.5]}"))
                .hasMessage("request body field 'keys[0]' must be text, not the number 1.5");
        assertThat(refusal("{\"keys\":[[\"a\"]]}")).hasMessage("request body field 'keys[0]' must be text, not a list");
        assertThat(refusal("{\"keys\":[{}]}")).hasMessage("request body field 'keys[0]' must be text, not an object");
        assertThat(refusal("{\"reason\":42}"))
                .hasMessage("request body field 'reason' must be text, not the number 42");
        assertThat(refusal("{\"keys\":\"a\"}"))
                .hasMessage("request body field 'keys' must be a list, not the text 'a'");
        assertThat(refusal("{\"limit\":\"3\"}"))
                .hasMessage("request body field 'limit' must be a whole number, not the text '3'");
        assertThat(refusal("{\"limit\":1.5}"))
                .hasMessage("request body field 'limit' must be a whole number, not the number 1.5");
        assertThat(refusal("{\"dryRun\":1}"))
                .hasMessage("request body field 'dryRun' must be true or false, not the number 1");
        assertThat(refusal("{\"config\":[]}")).hasMessage("request body field 'config' must be an object, not a list");
        assertThat(refusal("[]").getMessage())
                .startsWith("request body must be an object with the fields keys, reason, limit");
    }

    @Test
    void notJsonUnknownAndRepeatedFieldsAreUnreadableAndATooLargeNumberInvalid() {
        assertThat(refusal("{bad"))
                .hasMessageStartingWith("request body is not valid JSON (line 1, column 2): unexpected 'b'")
                .isInstanceOf(RequestRejected.Unreadable.class);
        assertThat(refusal("{\"nope\":1}"))
                .isInstanceOf(RequestRejected.Unreadable.class)
                .hasMessageStartingWith("request body field 'nope' is unknown; the fields are ");
        assertThat(refusal("{\"reason\":\"a\",\"reason\":\"b\"}"))
                .hasMessageContaining("field 'reason' is given twice")
                .extracting(RequestRejected::field)
                .isEqualTo("reason");
        assertThat(refusal("{} {}")).hasMessageStartingWith("request body holds more after its JSON value");
        assertThat(refusal("{\"limit\":99999999999}"))
                .hasMessageContaining("is out of range")
                .isInstanceOf(RequestRejected.Invalid.class);
        assertThat(refusal("{\"reason\":\"a\u0001\"}")).hasMessageContaining("control character (code 1)");
    }
}
