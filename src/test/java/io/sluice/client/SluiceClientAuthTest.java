package io.sluice.client;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.sluice.testing.AuthOnProfile;
import io.sluice.testing.PageLogin;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CLI against a server with authentication on: a real personal token, made through the API as the Tokens page makes
 * it, stored by {@code login} for its owner only and shown by {@code whoami}; no token, or a role that does not allow
 * the command, is exit 3 in one line.
 */
@QuarkusTest
@TestProfile(AuthOnProfile.class)
class SluiceClientAuthTest {

    @TempDir
    Path home;

    private final PageLogin client = PageLogin.from("10.11.");

    record Result(int code, String out, String err) {}

    private Result sluice(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = SluiceClient.run(
                args, new PrintWriter(out), new PrintWriter(err), Map.of("XDG_CONFIG_HOME", home.toString()));
        return new Result(code, out.toString(), err.toString());
    }

    private static String server() {
        return "http://localhost:" + RestAssured.port;
    }

    /** A new personal token of the first admin's, holding {@code role}, made with POST /api/tokens. */
    private String token(String role) {
        String session = client.session("admin", AuthOnProfile.ADMIN_PASSWORD);
        return given().cookie("sluice_session", session)
                .contentType(ContentType.JSON)
                .body("{\"name\":\"cli-" + UUID.randomUUID() + "\",\"role\":\"" + role + "\"}")
                .post("/api/tokens")
                .then()
                .statusCode(201)
                .extract()
                .path("secret");
    }

    @Test
    void loginStoresARealTokenForItsOwnerOnlyAndWhoamiShowsItsNameAndRoles() throws Exception {
        String secret = token("operator");
        Result login = sluice("login", "--server", server(), "--token", secret);
        assertThat(login.code()).as(login.err()).isZero();
        assertThat(login.out())
                .startsWith("Logged in to " + server() + " as admin (token; ")
                .doesNotContain(secret);
        Path file = home.resolve("sluice").resolve("config.json");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .isEqualTo("rw-------");
        assertThat(Api.JSON.readTree(file.toFile()).path("token").asText()).isEqualTo(secret);

        Result whoami = sluice("whoami"); // the stored server and token
        assertThat(whoami.code()).as(whoami.err()).isZero();
        assertThat(whoami.out())
                .startsWith("admin (token; ")
                .contains("operator")
                .contains(" on " + server());
        assertThat(Api.JSON
                        .readTree(sluice("whoami", "-o", "json").out())
                        .path("authenticated")
                        .asBoolean())
                .isTrue();
        Result runs = sluice("runs", "list");
        assertThat(runs.code()).as(runs.err()).isZero();
        assertThat(runs.out()).startsWith("ID");
    }

    @Test
    void aWrongTokenIsNotStored() {
        Result login = sluice("login", "--server", server(), "--token", "not-a-token-" + UUID.randomUUID());
        assertThat(login.code()).isEqualTo(3);
        assertThat(login.err())
                .startsWith("sluice: not logged in to " + server())
                .hasLineCount(1);
        assertThat(home.resolve("sluice").resolve("config.json")).doesNotExist();
    }

    @Test
    void withoutATokenEveryCommandIsExitThreeInOneLine() {
        for (String[] args : new String[][] {
            {"whoami"}, {"runs", "list"}, {"audit"}, {"lineage", "test/daily_rollup"}, {"materialize", "test/checked"}
        }) {
            String[] withServer = java.util.stream.Stream.concat(
                            java.util.Arrays.stream(args), java.util.stream.Stream.of("--server", server()))
                    .toArray(String[]::new);
            Result r = sluice(withServer);
            assertThat(r.code()).as(String.join(" ", args) + ": " + r.err()).isEqualTo(3);
            assertThat(r.err())
                    .as(String.join(" ", args))
                    .startsWith("sluice: not logged in to " + server())
                    .contains("sluice login")
                    .hasLineCount(1);
            assertThat(r.out()).isEmpty();
        }
    }

    @Test
    void aViewersTokenMayReadButNotLaunch() {
        String viewer = token("viewer");
        Result read = sluice("runs", "list", "--server", server(), "--token", viewer);
        assertThat(read.code()).as(read.err()).isZero();

        Result launch = sluice("materialize", "test/checked", "--server", server(), "--token", viewer);
        assertThat(launch.code()).as(launch.err()).isEqualTo(3);
        assertThat(launch.err()).startsWith("sluice: not allowed: ").hasLineCount(1);
        assertThat(launch.out()).isEmpty();
    }
}
