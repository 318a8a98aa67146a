package io.sluice.alerts;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.catalog.AssetKey;
import io.sluice.testing.Draw;
import io.sluice.testing.Property;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ThrottleTest {

    static final Duration WINDOW = Duration.ofMinutes(30);
    static final Instant T0 = Instant.parse("2026-03-01T00:00:00Z");
    static final Optional<AssetKey> RAW = Optional.of(AssetKey.parse("raw/filings"));

    static Incident failed(int minute) {
        return Incident.firing(
                AlertCause.RUN_FAILED, RAW, "run r" + minute, "run failed", T0.plusSeconds(60L * minute), "e" + minute);
    }

    static Incident succeeded(int minute) {
        return Incident.clearing(
                AlertCause.RUN_FAILED,
                RAW,
                "run s" + minute,
                "run succeeded",
                T0.plusSeconds(60L * minute),
                "s" + minute);
    }

    /** The kinds and suppressed counts of a sequence of incidents, from no state. */
    static List<String> replay(Duration window, Incident... incidents) {
        Throttle.State state = Throttle.State.NONE;
        List<String> out = new ArrayList<>();
        for (Incident i : incidents) {
            Throttle.Decision d = Throttle.decide(window, state, i);
            out.add(d.kind() + (d.notifies() && d.suppressedBefore() > 0 ? "+" + d.suppressedBefore() : ""));
            state = d.next();
        }
        return out;
    }

    @Test
    void oneNotificationPerWindowTheSuppressedCountedIntoTheNextAndOneResolved() {
        assertThat(replay(
                        WINDOW, failed(0), failed(5), failed(10), failed(31), failed(40), succeeded(45), succeeded(46)))
                .containsExactly(
                        "FIRING", "SUPPRESSED", "SUPPRESSED", "FIRING+2", "SUPPRESSED", "RESOLVED+1", "NOTHING");
    }

    @Test
    void aNewFailureAfterTheCauseClearedNotifiesAtOnce() {
        assertThat(replay(WINDOW, failed(0), succeeded(1), failed(2), failed(3)))
                .containsExactly("FIRING", "RESOLVED", "FIRING", "SUPPRESSED");
    }

    @Test
    void aOneOffCauseNeverStaysOpenButIsThrottled() {
        Incident a = Incident.firing(AlertCause.BACKFILL_FINISHED, RAW, "b1", "done", T0, "b1");
        Incident b = Incident.firing(AlertCause.BACKFILL_FINISHED, RAW, "b2", "done", T0.plusSeconds(60), "b2");
        Incident c = Incident.firing(AlertCause.BACKFILL_FINISHED, RAW, "b3", "done", T0.plus(WINDOW), "b3");
        assertThat(replay(WINDOW, a, b, c)).containsExactly("FIRING", "SUPPRESSED", "FIRING+1");
        Throttle.State after = Throttle.decide(WINDOW, Throttle.State.NONE, a).next();
        assertThat(after.open()).isFalse();
    }

    @Test
    void aClearingNoLaterThanTheLatestFiringIsNothingSoRereadingOneNeverResolves() {
        // read in order, then read again by the next round (its window overlaps): the old success resolves nothing
        assertThat(replay(WINDOW, failed(0), succeeded(1), failed(2), succeeded(1)))
                .containsExactly("FIRING", "RESOLVED", "FIRING", "NOTHING");
        // a success committed late, older than a suppressed failure: the cause is still open
        assertThat(replay(WINDOW, failed(0), failed(5), succeeded(3), succeeded(6)))
                .containsExactly("FIRING", "SUPPRESSED", "NOTHING", "RESOLVED+1");
    }

    @Test
    void aZeroWindowNotifiesEveryFiring() {
        assertThat(replay(Duration.ZERO, failed(0), failed(0), failed(1)))
                .containsExactly("FIRING", "FIRING", "FIRING");
    }

    /** A random history: a window in minutes and incidents (minute, clearing). */
    record History(int windowMinutes, List<Incident> incidents) {

        static History draw(Draw d) {
            List<Incident> incidents = new ArrayList<>();
            int minute = 0;
            int n = d.between(1, 40);
            for (int k = 0; k < n; k++) {
                minute += d.between(0, 20);
                incidents.add(d.between(0, 3) == 0 ? succeeded(minute) : failed(minute));
            }
            return new History(d.between(0, 60), incidents);
        }
    }

    /** Over random histories: every firing is notified, or counted into a later notification, or still counted. */
    @Test
    void nothingIsLostEveryFiringIsNotifiedOrCounted() {
        Property.tries(300).check(History::draw, h -> {
            Duration window = Duration.ofMinutes(h.windowMinutes());
            Throttle.State state = Throttle.State.NONE;
            long firings = 0;
            long accounted = 0;
            Optional<Instant> lastNotified = Optional.empty();
            for (Incident i : h.incidents()) {
                Throttle.Decision d = Throttle.decide(window, state, i);
                if (!i.clearing()) {
                    firings++;
                }
                boolean wasOpen = state.open();
                if (d.kind() == Throttle.Kind.FIRING) {
                    accounted += 1 + d.suppressedBefore();
                    assertThat(lastNotified.filter(t -> wasOpen && i.at().isBefore(t.plus(window))))
                            .as("no second firing notification within the window while open")
                            .isEmpty();
                    lastNotified = Optional.of(i.at());
                } else if (d.kind() == Throttle.Kind.RESOLVED) {
                    accounted += d.suppressedBefore();
                    lastNotified = Optional.of(i.at());
                }
                state = d.next();
            }
            assertThat(accounted + state.suppressed()).isEqualTo(firings);
        });
    }
}
