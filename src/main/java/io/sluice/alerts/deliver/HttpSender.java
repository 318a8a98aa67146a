package io.sluice.alerts.deliver;

import io.sluice.alerts.Notification;
import io.sluice.alerts.SlackPayload;
import io.sluice.alerts.WebhookPayload;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.InstantSource;

/**
 * Sends one notification to one webhook or Slack channel, once: POSTs the channel's JSON body (the generic webhook's
 * signed with {@link WebhookPayload#SIGNATURE_HEADER} when the channel has a secret) within the channel's timeout, and
 * says how it went. Retrying is the outbox's business ({@link io.sluice.alerts.Backoff}).
 */
public final class HttpSender {

    private final HttpClient http;
    private final InstantSource clock;

    public HttpSender(InstantSource clock) {
        this.clock = clock;
        this.http = HttpClient.newBuilder()
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    /** Delivers {@code notification} (whose outbox id is {@code id}, sent as the body's id for receivers to de-duplicate). */
    public Delivery send(Channel channel, Notification notification, String id) {
        String body = channel.type() == Channel.Type.SLACK
                ? SlackPayload.json(notification)
                : WebhookPayload.json(notification, id);
        HttpRequest.Builder request = HttpRequest.newBuilder(channel.url())
                .timeout(channel.timeout())
                .header("Content-Type", "application/json; charset=utf-8")
                .header("User-Agent", "Sluice-Alerts")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (channel.type() == Channel.Type.WEBHOOK) {
            request.header("X-Sluice-Delivery", id);
            channel.secret()
                    .ifPresent(secret -> request.header(
                            WebhookPayload.SIGNATURE_HEADER,
                            WebhookPayload.signature(secret, clock.instant().getEpochSecond(), body)));
        }
        try {
            int status = http.send(request.build(), HttpResponse.BodyHandlers.discarding())
                    .statusCode();
            if (status >= 200 && status < 300) {
                return Delivery.DONE;
            }
            boolean retry = status == 408 || status == 429 || status >= 500;
            return Delivery.failed(
                    retry,
                    channel + " answered HTTP " + status
                            + (retry ? "; trying again later" : "; it refuses the message, so it is not sent again"));
        } catch (HttpTimeoutException e) {
            return Delivery.failed(
                    true,
                    channel + " did not answer within " + channel.timeout().toSeconds() + " s; trying again later");
        } catch (IOException e) {
            return Delivery.failed(
                    true, channel + " could not be reached (" + e.getClass().getSimpleName() + "); trying again later");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Delivery.failed(true, channel + ": the delivery was interrupted; trying again later");
        }
    }
}
