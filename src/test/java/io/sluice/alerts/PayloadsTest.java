package io.sluice.alerts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PayloadsTest {

    static final ObjectMapper JSON = new ObjectMapper();

    static final Notification FIRING = new Notification(
            "on-failure",
            AlertCause.RUN_FAILED,
            "raw/filings",
            Throttle.Kind.FIRING,
            "run 01ab",
            "run 01ab failed: \"boom\" <at> step 2\nsecond line",
            3,
            Instant.parse("2026-03-01T06:00:00Z"));

    @Test
    void theWebhookBodyIsJsonWithEveryFieldAndTheSuppressedCount() throws Exception {
        JsonNode body = JSON.readTree(WebhookPayload.json(FIRING, "n-1"));
        assertThat(body.get("id").asText()).isEqualTo("n-1");
        assertThat(body.get("status").asText()).isEqualTo("FIRING");
        assertThat(body.get("cause").asText()).isEqualTo("RUN_FAILED");
        assertThat(body.get("asset").asText()).isEqualTo("raw/filings");
        assertThat(body.get("suppressed").asLong()).isEqualTo(3);
        assertThat(body.get("text").asText())
                .isEqualTo(
                        "run 01ab failed: \"boom\" <at> step 2\nsecond line (3 more incidents were suppressed since the"
                                + " last notification)");
        assertThat(body.get("title").asText()).isEqualTo("[sluice] FIRING raw/filings: a run failed (rule on-failure)");
    }

    /** The signature a receiver recomputes: HMAC-SHA256 of "t.body" with the secret, checked against a known vector. */
    @Test
    void theSignatureIsHmacSha256OfTheTimeAndTheBody() {
        // RFC 4231 test case 2: key "Jefe", data "what do ya want for nothing?"
        assertThat(WebhookPayload.hmac("Jefe", "what do ya want for nothing?"))
                .isEqualTo("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
        String body = WebhookPayload.json(FIRING, "n-1");
        assertThat(WebhookPayload.signature("s3cret", 1_772_344_800L, body))
                .isEqualTo("t=1772344800,v1=" + WebhookPayload.hmac("s3cret", "1772344800." + body));
        assertThat(WebhookPayload.signature("other", 1_772_344_800L, body))
                .isNotEqualTo(WebhookPayload.signature("s3cret", 1_772_344_800L, body));
    }

    @Test
    void theSlackBodyHasTextAndASectionWithSlacksCharactersEscaped() throws Exception {
        JsonNode body = JSON.readTree(SlackPayload.json(FIRING));
        assertThat(body.get("text").asText())
                .startsWith(":rotating_light: [sluice] FIRING raw/filings")
                .contains("&lt;at&gt;");
        assertThat(body.at("/blocks/0/type").asText()).isEqualTo("section");
        assertThat(body.at("/blocks/0/text/type").asText()).isEqualTo("mrkdwn");
        assertThat(body.at("/blocks/0/text/text").asText())
                .contains("*[sluice] FIRING")
                .contains("_run 01ab at ");
        Notification resolved = new Notification(
                "on-failure",
                AlertCause.RUN_FAILED,
                "raw/filings",
                Throttle.Kind.RESOLVED,
                "run 02",
                "ran again",
                0,
                FIRING.at());
        assertThat(JSON.readTree(SlackPayload.json(resolved)).get("text").asText())
                .startsWith(":white_check_mark: [sluice] RESOLVED raw/filings: resolved, a run failed");
    }

    @Test
    void backoffDoublesFromTenSecondsToHalfAnHourThenGivesUp() {
        assertThat(Backoff.after(1)).contains(Duration.ofSeconds(10));
        assertThat(Backoff.after(2)).contains(Duration.ofSeconds(20));
        assertThat(Backoff.after(5)).contains(Duration.ofSeconds(160));
        assertThat(Backoff.after(12)).contains(Duration.ofMinutes(30));
        assertThat(Backoff.after(Backoff.MAX_ATTEMPTS - 1)).contains(Duration.ofMinutes(30));
        assertThat(Backoff.after(Backoff.MAX_ATTEMPTS)).isEmpty();
        assertThatThrownBy(() -> Backoff.after(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aRuleSaysWhatIsWrongWithIt() {
        assertThatThrownBy(() -> AlertRule.on("r", Set.of(), "ops")).hasMessage("alert rule r names no cause");
        assertThatThrownBy(() -> AlertRule.on("r", Set.of(AlertCause.RUN_FAILED)))
                .hasMessage("alert rule r names no channel to notify");
        assertThatThrownBy(() -> AlertRule.on("r", Set.of(AlertCause.RUN_TOO_LONG), "ops"))
                .hasMessage("alert rule r watches RUN_TOO_LONG: give it a maximum duration (maxDuration)");
        AlertRule slow = AlertRule.runsLongerThan("slow", Duration.ofHours(2), "ops");
        assertThat(slow.maxDuration()).contains(Duration.ofHours(2));
        AlertRule raw =
                AlertRule.on("raw", Set.of(AlertCause.RUN_FAILED), "ops").forAssets(AssetSelection.groups("raw"));
        Incident rawFailed = Incident.firing(
                AlertCause.RUN_FAILED,
                Optional.of(io.sluice.catalog.AssetKey.parse("raw/x")),
                "r",
                "d",
                FIRING.at(),
                "k");
        Incident martFailed = Incident.firing(
                AlertCause.RUN_FAILED,
                Optional.of(io.sluice.catalog.AssetKey.parse("mart/x")),
                "r",
                "d",
                FIRING.at(),
                "k");
        Incident nodeLost = Incident.firing(AlertCause.RUN_FAILED, Optional.empty(), "n", "d", FIRING.at(), "k");
        assertThat(raw.watches(rawFailed)).isTrue();
        assertThat(raw.watches(martFailed)).isFalse();
        assertThat(raw.watches(nodeLost))
                .as("a selection of assets does not watch what concerns none")
                .isFalse();
        assertThat(raw.enabled(false).watches(rawFailed)).isFalse();
        assertThat(AlertRule.on("all", Set.of(AlertCause.RUN_FAILED), "ops").watches(nodeLost))
                .isTrue();
    }
}
