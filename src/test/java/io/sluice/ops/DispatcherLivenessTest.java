package io.sluice.ops;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import io.sluice.testing.DeadDispatcherProfile;
import io.sluice.testing.Management;
import org.junit.jupiter.api.Test;

/** The liveness check reports a dispatcher that died: queued runs would otherwise wait for ever with nothing saying so. */
@QuarkusTest
@TestProfile(DeadDispatcherProfile.class)
class DispatcherLivenessTest {

    private static JsonPath live(int status) {
        return Management.given()
                .get("/q/health/live")
                .then()
                .statusCode(status)
                .extract()
                .jsonPath();
    }

    @Test
    void livenessIsUpWithARunningDispatcherAndDownOnceItHasDied() throws InterruptedException {
        JsonPath up = live(200);
        assertThat(up.getString("checks.find { it.name == 'run dispatcher' }.status"))
                .isEqualTo("UP");
        assertThat(up.getBoolean("checks.find { it.name == 'run dispatcher' }.data.executesRuns"))
                .isTrue();

        Thread dispatcher = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("sluice-dispatcher"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no sluice-dispatcher thread"));
        dispatcher.interrupt(); // as a thread that ended by an error would be: gone
        dispatcher.join(10_000);
        assertThat(dispatcher.isAlive()).isFalse();

        JsonPath down = live(503);
        assertThat(down.getString("status")).isEqualTo("DOWN");
        assertThat(down.getString("checks.find { it.name == 'run dispatcher' }.status"))
                .isEqualTo("DOWN");
        assertThat(down.getString("checks.find { it.name == 'run dispatcher' }.data.problem"))
                .isEqualTo("the run dispatcher has stopped: queued runs will not start until Sluice is restarted");
    }
}
