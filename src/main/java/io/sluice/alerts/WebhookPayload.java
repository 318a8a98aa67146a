package io.sluice.alerts;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The generic JSON webhook's body and its signature. The body is one JSON object; the header
 * {@value #SIGNATURE_HEADER} is {@code t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the channel's
 * secret>}, so a receiver checks both the sender and the age of the message (replays).
 */
public final class WebhookPayload {

    public static final String SIGNATURE_HEADER = "X-Sluice-Signature";

    private WebhookPayload() {}

    public static String json(Notification n, String id) {
        return "{" + field("id", id) + "," + field("rule", n.rule()) + ","
                + field("cause", n.cause().name()) + ","
                + field("status", n.kind().name()) + "," + field("asset", n.asset()) + ","
                + field("subject", n.subject()) + "," + field("title", n.title()) + "," + field("text", n.text())
                + ",\"suppressed\":" + n.suppressed() + "," + field("at", n.at().toString()) + "}";
    }

    /** The header's value for {@code body} sent at {@code epochSecond}. */
    public static String signature(String secret, long epochSecond, String body) {
        return "t=" + epochSecond + ",v1=" + hmac(secret, epochSecond + "." + body);
    }

    static String hmac(String secret, String message) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(message.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HMAC-SHA256 is not available: " + e.getMessage(), e);
        }
    }

    static String field(String name, String value) {
        return quote(name) + ":" + (value == null ? "null" : quote(value));
    }

    /** A JSON string of {@code s}: quotes, backslashes and control characters escaped. */
    static String quote(String s) {
        StringBuilder out = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c == '\u2028' || c == '\u2029') {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
