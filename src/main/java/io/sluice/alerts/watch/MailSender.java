package io.sluice.alerts.watch;

import io.quarkus.mailer.Mail;
import io.quarkus.mailer.reactive.ReactiveMailer;
import io.sluice.alerts.Notification;
import io.sluice.alerts.deliver.Channel;
import io.sluice.alerts.deliver.Delivery;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;

/**
 * Sends one notification to an e-mail channel's recipients through the SMTP server of {@code quarkus.mailer.*}, once,
 * within the channel's timeout. A failure (the server unreachable, a refusal) is tried again later: SMTP does not tell
 * a lasting refusal from a passing one in a way worth trusting here.
 */
@ApplicationScoped
public class MailSender {

    private final Instance<ReactiveMailer> mailer;

    MailSender(Instance<ReactiveMailer> mailer) {
        this.mailer = mailer;
    }

    public Delivery send(Channel channel, Notification n, String id) {
        Mail mail = Mail.withText(
                        channel.recipients().get(0),
                        n.title(),
                        n.text() + "\n\n" + n.subject() + " at " + n.at() + "\nNotification " + id + ".")
                .setHeaders(java.util.Map.of("X-Sluice-Delivery", java.util.List.of(id)));
        channel.recipients().stream().skip(1).forEach(mail::addTo);
        try {
            mailer.get().send(mail).await().atMost(channel.timeout());
            return new Delivery(true, false, null);
        } catch (RuntimeException e) {
            String why = e instanceof io.smallrye.mutiny.TimeoutException
                    ? "the mail server did not answer within "
                            + channel.timeout().toSeconds() + " s"
                    : "the mail server refused or could not be reached ("
                            + e.getClass().getSimpleName() + ")";
            return new Delivery(false, true, channel + ": " + why + "; trying again later");
        }
    }
}
