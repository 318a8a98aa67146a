package io.sluice.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A login goes on only to a path of this site: never to another site (no open redirect). */
class LoginNextTest {

    @Test
    void onlyPathsOfThisSiteAreFollowed() {
        assertThat(LoginPage.safeNext("/runs?status=FAILED")).isEqualTo("/runs?status=FAILED");
        assertThat(LoginPage.safeNext("/")).isEqualTo("/");
        for (String away : new String[] {
            "//evil.example/x",
            "https://evil.example",
            "/\\evil.example",
            "evil",
            "",
            null,
            "/login?next=//x",
            "/a\r\nX: y"
        }) {
            assertThat(LoginPage.safeNext(away)).as(String.valueOf(away)).isEqualTo("/");
        }
    }
}
