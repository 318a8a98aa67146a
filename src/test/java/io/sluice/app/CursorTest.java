package io.sluice.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.runs.RequestRejected;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

class CursorTest {

    private static String base64(String text) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aCursorReadsBackAsItWasWrittenAndIsSafeInAQueryString() {
        Instant at = Instant.parse("2026-12-02T16:09:27.123456Z");
        Cursor c = Cursor.at("runs", at, "0f3c-42");
        assertThat(c.encode()).matches("[A-Za-z0-9_-]+");
        Cursor read = Cursor.read("runs", 2, c.encode());
        assertThat(read).isEqualTo(c);
        assertThat(read.instant()).isEqualTo(at);
        assertThat(read.id("[0-9a-f-]+")).isEqualTo("0f3c-42");
        assertThat(Cursor.read("audit", 1, Cursor.at("audit", 17).encode()).number())
                .isEqualTo(17);
    }

    @Test
    void whatNoListGaveIsRefusedNamingCursor() {
        String runs = Cursor.at("runs", Instant.EPOCH, "r-1").encode();
        for (Runnable bad : List.<Runnable>of(
                () -> Cursor.read("runs", 2, "not base64!"),
                () -> Cursor.read("runs", 2, ""),
                () -> Cursor.read("runs", 2, "x".repeat(401)),
                // another list's cursor
                () -> Cursor.read("audit", 1, runs),
                () -> Cursor.read("backfills", 2, runs),
                // tampered: decodes, but not to a key of this list's shape
                () -> Cursor.read("runs", 2, base64("runs\nyesterday\nr-1")).instant(),
                () -> Cursor.read("runs", 2, base64("runs\n2026-12-02T00:00:00Z\nr 1; drop"))
                        .id("[0-9A-Za-z-]+"),
                () -> Cursor.read("runs", 2, base64("runs\n\nr-1")),
                () -> Cursor.read("audit", 1, base64("audit\n-5")).number(),
                () -> Cursor.read("audit", 1, base64("audit\n99999999999999999999"))
                        .number())) {
            assertThatThrownBy(bad::run)
                    .isInstanceOf(RequestRejected.Unreadable.class)
                    .satisfies(e -> assertThat(((RequestRejected) e).field()).isEqualTo("cursor"));
        }
    }

    @Test
    void aPageKnowsItsNextCursorFromTheExtraItemRead() {
        ListPage<Integer> last = ListPage.of(List.of(5, 4), 2, n -> Cursor.at("n", n));
        assertThat(last.next()).isEmpty();
        ListPage<Integer> more = ListPage.of(List.of(5, 4, 3), 2, n -> Cursor.at("n", n));
        assertThat(more.items()).containsExactly(5, 4);
        assertThat(more.next()).contains(Cursor.at("n", 4));
    }
}
