package io.sluice.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The rules of who acts: what a request may claim, what it may not, and the service identities. */
class CallerTest {

    private static final String HEADER = "header X-Sluice-User";

    @Test
    void aRequestThatNamesNoOneIsAnonymous() {
        for (String none : new String[] {null, "", "   "}) {
            Caller c = Caller.claimed(HEADER, none);
            assertThat(c.name()).isEqualTo("anonymous");
            assertThat(c.by()).isEqualTo(Caller.Identified.ANONYMOUS);
        }
    }

    @Test
    void aRequestActsAsTheNameItGivesEvenWhenItLooksLikeAService() {
        for (String name : new String[] {"alice", "schedule-tester", "sensor_operator", "triggered", "schedules:x"}) {
            Caller c = Caller.claimed(HEADER, name);
            assertThat(c.name()).isEqualTo(name);
            assertThat(c.by()).isEqualTo(Caller.Identified.CLAIMED);
            assertThat(c.by().isService()).isFalse();
        }
    }

    @Test
    void theNamesOfSluicesOwnAutomationAreReservedWhateverTheirCaseAndSpaces() {
        for (String name : new String[] {
            "trigger",
            "Trigger",
            " schedule ",
            "schedule:form_adv_daily",
            "SCHEDULE:anything at all",
            "sensor",
            "sensor:filing_inbox",
            "system",
            "sluice",
            "sluice:recovery",
            "web-ui",
            "WEB-UI "
        }) {
            assertThat(Caller.isReserved(name)).as(name).isTrue();
            assertThatThrownBy(() -> Caller.claimed(HEADER, name))
                    .as(name)
                    .isInstanceOfSatisfying(CallerRefused.class, e -> {
                        assertThat(e.reserved()).isTrue();
                        assertThat(e.field()).isEqualTo(HEADER);
                        assertThat(e.getMessage())
                                .startsWith(HEADER + " names ")
                                .contains("reserved for Sluice's own automation");
                    });
        }
    }

    @Test
    void aNameTheTrailCannotKeepIsRefusedButNotAsReserved() {
        for (String name : new String[] {"a".repeat(201), "al\u202eice", "a\nb", "\ud800"}) {
            assertThatThrownBy(() -> Caller.claimed("launchedBy", name))
                    .isInstanceOfSatisfying(CallerRefused.class, e -> {
                        assertThat(e.reserved()).isFalse();
                        assertThat(e.getMessage()).startsWith("launchedBy ");
                    });
        }
        assertThat(Caller.claimed(HEADER, "a".repeat(200)).name()).hasSize(200);
    }

    @Test
    void serviceIdentitiesAreWhatTheAutomationRecordsAndNoRequestCanClaimThem() {
        assertThat(Caller.schedule("form_adv_daily"))
                .isEqualTo(new Caller("schedule:form_adv_daily", Caller.Identified.SERVICE, Caller.UNRESTRICTED));
        assertThat(Caller.sensor("filing_inbox").name()).isEqualTo("sensor:filing_inbox");
        assertThat(Caller.trigger().name()).isEqualTo("trigger");
        assertThat(Caller.system().name()).isEqualTo("sluice");
        for (Caller service :
                new Caller[] {Caller.schedule("s"), Caller.sensor("s"), Caller.trigger(), Caller.system()}) {
            assertThat(service.by().isService()).isTrue();
            assertThat(Caller.isReserved(service.name())).as(service.name()).isTrue();
        }
    }

    @Test
    void theRequestsCallerIsResolvedOnceAndALaunchBodysNameWins() {
        RequestCaller request = new RequestCaller();
        assertThatThrownBy(request::get).isInstanceOf(IllegalStateException.class);
        request.resolve(HEADER, "bob");
        assertThat(request.get().name()).isEqualTo("bob");
        assertThat(request.get(null).name()).isEqualTo("bob");
        assertThat(request.get("carol").name()).isEqualTo("carol");
        assertThatThrownBy(() -> request.get("schedule:x"))
                .isInstanceOfSatisfying(
                        CallerRefused.class, e -> assertThat(e.field()).isEqualTo("launchedBy"));

        request.resolve(HEADER, "sensor:fake");
        assertThatThrownBy(request::get).isInstanceOf(CallerRefused.class);
        request.resolve(HEADER, null);
        assertThat(request.get().name()).isEqualTo("anonymous");
    }

    @Test
    void aCallerIsAlwaysANameTheTrailCanKeep() {
        assertThatThrownBy(() -> new Caller(" ", Caller.Identified.CLAIMED, Caller.UNRESTRICTED))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Caller("x", null, Caller.UNRESTRICTED)).isInstanceOf(NullPointerException.class);
    }
}
