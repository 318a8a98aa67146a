package io.sluice.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.app.Cursor;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ListAddressTest {

    @Test
    void linksKeepEveryFilterGivenAndOnlyThem() {
        Map<String, String> query = Map.of("actor", " alice ", "target", "raw/x y", "from", "", "cursor", "old");
        ListAddress a = ListAddress.of("/audit", List.of("actor", "action", "target", "from"), query::get);
        assertThat(a.filtered()).isTrue();
        assertThat(a.value("actor")).isEqualTo("alice");
        assertThat(a.first()).isEqualTo("/audit?actor=alice&target=raw%2Fx%20y");
        Cursor c = Cursor.at("audit", 17);
        assertThat(a.at(c)).isEqualTo("/audit?actor=alice&target=raw%2Fx%20y&cursor=" + c.encode());
        assertThat(a.elsewhere("/audit.csv")).isEqualTo("/audit.csv?actor=alice&target=raw%2Fx%20y");

        ListAddress none = ListAddress.of("/runs", List.of("status"), name -> null);
        assertThat(none.filtered()).isFalse();
        Cursor r = Cursor.at("runs", Instant.parse("2026-12-02T16:09:27Z"), "r-1");
        assertThat(none.before(r)).isEqualTo("/runs?previous=" + r.encode());
    }
}
