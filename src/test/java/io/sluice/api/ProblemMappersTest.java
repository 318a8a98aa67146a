package io.sluice.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.runs.RequestRejected;
import jakarta.ws.rs.core.Response;
import org.junit.jupiter.api.Test;

/** Each kind of domain refusal leaves the API with its status and the same problem body. */
class ProblemMappersTest {

    private static Problem problem(RequestRejected e) {
        Response response = new ProblemMappers(null).rejected(e, null);
        assertThat(response.getMediaType().toString()).isEqualTo(Problem.MEDIA_TYPE);
        Problem body = (Problem) response.getEntity();
        assertThat(body.status()).isEqualTo(response.getStatus());
        return body;
    }

    @Test
    void eachKindHasItsStatusAndTheBodyNamesTheFieldAndDetail() {
        assertThat(problem(new RequestRejected.Unreadable("keys[0]", "must be text")))
                .isEqualTo(new Problem("about:blank", "Bad Request", 400, "must be text", "keys[0]", null, null));
        assertThat(problem(new RequestRejected.NotFound("asset", "unknown asset 'a/b'")))
                .isEqualTo(new Problem("about:blank", "Not Found", 404, "unknown asset 'a/b'", "asset", null, null));
        assertThat(problem(new RequestRejected.Conflict("status", "run r already ended")))
                .isEqualTo(new Problem("about:blank", "Conflict", 409, "run r already ended", "status", null, null));
        assertThat(problem(new RequestRejected.Invalid("limit", "limit must be >= 1")))
                .isEqualTo(new Problem(
                        "about:blank", "Unprocessable Entity", 422, "limit must be >= 1", "limit", null, null));
    }

    @Test
    void theFactoriesMakeTheKindTheirNameSays() {
        assertThat(RequestRejected.malformed("f", "d")).isInstanceOf(RequestRejected.Unreadable.class);
        assertThat(RequestRejected.notFound("f", "d")).isInstanceOf(RequestRejected.NotFound.class);
        assertThat(RequestRejected.conflict("f", "d")).isInstanceOf(RequestRejected.Conflict.class);
        assertThat(RequestRejected.invalid("f", "d")).isInstanceOf(RequestRejected.Invalid.class);
    }
}
