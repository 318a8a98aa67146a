package io.sluice.alerts.deliver;

/**
 * How one attempt to deliver went: delivered, or failed with a sentence that names the channel and never its URL or
 * secret, and whether trying again may help (a timeout, a refused connection, 408, 429 or 5xx) or not (another 4xx: the
 * endpoint refuses this message).
 */
public record Delivery(boolean delivered, boolean retry, String error) {

    static final Delivery DONE = new Delivery(true, false, null);

    static Delivery failed(boolean retry, String error) {
        return new Delivery(false, retry, error);
    }
}
