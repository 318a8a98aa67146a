package io.sluice.alerts;

/**
 * A Slack-compatible incoming-webhook body: {@code text} (the fallback every client shows) and one section block in
 * Slack's markdown, with the characters Slack reserves ({@code & < >}) escaped. Mattermost and Rocket.Chat read the same.
 */
public final class SlackPayload {

    private SlackPayload() {}

    public static String json(Notification n) {
        String emoji = n.kind() == Throttle.Kind.RESOLVED ? ":white_check_mark:" : ":rotating_light:";
        String text = emoji + " " + escape(n.title()) + "\n" + escape(n.text());
        String section = "*" + escape(n.title()) + "*\n" + escape(n.text()) + "\n_" + escape(n.subject()) + " at "
                + n.at() + "_";
        return "{" + WebhookPayload.field("text", text)
                + ",\"blocks\":[{\"type\":\"section\",\"text\":{\"type\":\"mrkdwn\","
                + WebhookPayload.field("text", section) + "}}]}";
    }

    static String escape(String s) {
        return s == null ? "" : s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
