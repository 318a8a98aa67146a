package io.sluice.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.runs.RequestRejected;
import jakarta.persistence.PersistenceException;
import jakarta.ws.rs.core.Response;
import java.sql.SQLException;
import org.hibernate.exception.GenericJDBCException;
import org.junit.jupiter.api.Test;

/** Each kind of domain refusal leaves the API with its status and the same problem body. */
class ProblemMappersTest {

    private static Problem problem(RequestRejected e) {
        Response response = new ProblemMappers(null, null, null).rejected(e, null);
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
    void anExhaustedConnectionPoolIsA503WithRetryAfterAndOtherFailuresStay500() {
        // as Hibernate hands it on: its JDBC exception around Agroal's timeout, inside a persistence exception
        Exception exhausted = new PersistenceException(new GenericJDBCException(
                "Unable to acquire JDBC Connection", new SQLException("Sorry, acquisition timeout!")));
        Response busy = new ProblemMappers(null, null, null).unexpected(exhausted, null);
        assertThat(busy.getStatus()).isEqualTo(503);
        assertThat(busy.getHeaderString("Retry-After")).isEqualTo("5");
        assertThat(busy.getMediaType().toString()).isEqualTo(Problem.MEDIA_TYPE);
        assertThat(((Problem) busy.getEntity()).detail()).contains("busy").contains("try again in 5 seconds");

        Exception broken = new PersistenceException(
                new GenericJDBCException("could not execute statement", new SQLException("Table not found")));
        Response failed = new ProblemMappers(null, null, null).unexpected(broken, null);
        assertThat(failed.getStatus()).isEqualTo(500);
        assertThat(failed.getHeaderString("Retry-After")).isNull();
    }

    @Test
    void theFactoriesMakeTheKindTheirNameSays() {
        assertThat(RequestRejected.malformed("f", "d")).isInstanceOf(RequestRejected.Unreadable.class);
        assertThat(RequestRejected.notFound("f", "d")).isInstanceOf(RequestRejected.NotFound.class);
        assertThat(RequestRejected.conflict("f", "d")).isInstanceOf(RequestRejected.Conflict.class);
        assertThat(RequestRejected.invalid("f", "d")).isInstanceOf(RequestRejected.Invalid.class);
    }
}
