package io.sluice.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TextTest {

    @Test
    void namesAndKeysHoldNoControlBidiOrLoneSurrogateCharacters() {
        for (String bad : new String[] {
            "al\u202eice", "a\u2066b", "\ud800", "x\udc00", "a\nb", "a\tb", "a\u0000", "a\u0085", "a\u007f", "a\u2028b"
        }) {
            assertThat(Text.nameProblem("launchedBy", bad)).as(Text.escape(bad)).isPresent();
            assertThat(Text.keyProblem("keys[0]", bad)).as(Text.escape(bad)).isPresent();
        }
        for (String good : new String[] {"alice", "Zürich 𝄞", "שלום", "مرحبا", "a b", "a\u200fb"}) {
            assertThat(Text.nameProblem("launchedBy", good)).as(good).isEmpty();
            assertThat(Text.keyProblem("keys[0]", good)).as(good).isEmpty();
        }
        assertThat(Text.nameProblem("launchedBy", "al\u202eice").orElseThrow())
                .contains("U+202E")
                .contains("at character 3");
        assertThat(Text.nameProblem("launchedBy", "\ud800").orElseThrow())
                .contains("not well-formed")
                .contains("U+D800");
    }

    @Test
    void aKeyHoldsAtMost200Characters() {
        assertThat(Text.keyProblem("keys[0]", "k".repeat(200))).isEmpty();
        assertThat(Text.keyProblem("keys[0]", "k".repeat(1_000_000)).orElseThrow())
                .contains("longer than 200 characters")
                .contains("1,000,000")
                .hasSizeLessThan(100);
        assertThat(Text.keyProblem("keys[0]", " ")).isPresent();
    }

    @Test
    void aReasonMayHoldLineBreaksAndTabsButNoOtherControlOrBidiCharacters() {
        assertThat(Text.reasonProblem("reason", "line one\nline two\r\n\tthree"))
                .isEmpty();
        assertThat(Text.reasonProblem("reason", "a\u0000")).isPresent();
        assertThat(Text.reasonProblem("reason", "a\u202e")).isPresent();
        assertThat(Text.reasonProblem("reason", "a\ud800")).isPresent();
    }

    @Test
    void escapingKeepsTextOnOneLineAndDrawnAsSent() {
        assertThat(Text.escape("x\n20:22:00 ERROR [io.sl.security] admin password reset"))
                .isEqualTo("x\\n20:22:00 ERROR [io.sl.security] admin password reset");
        assertThat(Text.escape("a\r\tb\u0000\u202e\u2029\ud800c")).isEqualTo("a\\r\\tb\\u0000\\u202e\\u2029\\ud800c");
        assertThat(Text.escape("Zürich 𝄞 שלום")).isEqualTo("Zürich 𝄞 שלום");
        assertThat(Text.escape(null)).isNull();
        assertThat(Text.quote("k".repeat(100))).hasSize(Text.QUOTED + 3).endsWith("…'");
    }
}
