package io.sluice.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AllowedHostsTest {

    private static final Set<String> DEFAULT =
            AllowedHosts.allowed(List.of("localhost", "127.0.0.1", "[::1]"), Optional.empty());

    @Test
    void theDefaultAnswersTheLoopbackNamesOnAnyPort() {
        for (String host : new String[] {
            "localhost", "localhost:8080", "LOCALHOST:1", "localhost.:8080", "127.0.0.1:18931", "[::1]:8080", "[::1]"
        }) {
            assertThat(AllowedHosts.refusal(host, DEFAULT)).as(host).isEmpty();
        }
    }

    @Test
    void anyOtherHostIsRefused() {
        for (String host : new String[] {
            "evil.example:8080",
            "evil.example",
            "localhost.evil.example",
            "127.0.0.2",
            "10.0.0.1:8080",
            "[::2]:8080",
            "localhost@evil.example",
            "",
            "  "
        }) {
            assertThat(AllowedHosts.refusal(host, DEFAULT)).as(host).isPresent();
        }
        assertThat(AllowedHosts.refusal(null, DEFAULT)).isPresent();
        assertThat(AllowedHosts.refusal("evil.example:8080", DEFAULT).orElseThrow())
                .contains("'evil.example'")
                .contains("sluice.http.allowed-hosts")
                .contains("sluice.http.public-url");
    }

    @Test
    void thePublicUrlsHostIsAllowedAndAStarAllowsAny() {
        Set<String> withUrl =
                AllowedHosts.allowed(List.of("localhost"), Optional.of("https://Sluice.Example.com:8443/base"));
        assertThat(AllowedHosts.refusal("sluice.example.com", withUrl)).isEmpty();
        assertThat(AllowedHosts.refusal("sluice.example.com:443", withUrl)).isEmpty();
        assertThat(AllowedHosts.refusal("other.example.com", withUrl)).isPresent();
        assertThat(AllowedHosts.refusal("anything:1", AllowedHosts.allowed(List.of("*"), Optional.empty())))
                .isEmpty();
        assertThatThrownBy(() -> AllowedHosts.allowed(List.of(), Optional.of("sluice.example.com")))
                .hasMessageContaining("public-url");
    }
}
