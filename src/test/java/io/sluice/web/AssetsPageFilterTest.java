package io.sluice.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AssetsPageFilterTest {

    private static AssetsPageRow row(
            String key,
            List<String> owners,
            List<String> tags,
            List<String> kinds,
            String last,
            boolean written,
            String checks) {
        String group = key.substring(0, key.indexOf('/'));
        return new AssetsPageRow(
                key,
                group,
                key.substring(key.indexOf('/') + 1),
                "about " + key,
                owners,
                tags,
                kinds,
                last,
                "",
                "",
                written ? "2025-01-01 00:00:00" : "",
                "",
                "",
                0,
                checks,
                "",
                "");
    }

    private static final List<AssetsPageRow> ROWS = List.of(
            row(
                    "raw/filings",
                    List.of("ops@example.com"),
                    List.of("layer=raw"),
                    List.of("partitioned"),
                    "SUCCESS",
                    true,
                    ""),
            row(
                    "mart/firms",
                    List.of("bi@example.com"),
                    List.of("layer=mart"),
                    List.of("keyed", "table"),
                    "FAILURE",
                    true,
                    "failed"),
            row(
                    "mart/owners",
                    List.of("bi@example.com", "ops@example.com"),
                    List.of(),
                    List.of("table"),
                    "NEVER",
                    false,
                    ""));

    private static List<String> keys(Map<String, List<String>> query) {
        return AssetsPageFilter.read(query).apply(ROWS).stream()
                .map(AssetsPageRow::key)
                .toList();
    }

    @Test
    void eachFilterKeepsTheRowsThatMatchIt() {
        assertThat(keys(Map.of())).containsExactly("raw/filings", "mart/firms", "mart/owners");
        assertThat(keys(Map.of("q", List.of("  FIRMS ")))).containsExactly("mart/firms");
        assertThat(keys(Map.of("q", List.of("ops@")))).containsExactly("raw/filings", "mart/owners");
        assertThat(keys(Map.of("group", List.of("mart")))).containsExactly("mart/firms", "mart/owners");
        assertThat(keys(Map.of("owner", List.of("ops@example.com")))).containsExactly("raw/filings", "mart/owners");
        assertThat(keys(Map.of("tag", List.of("layer=mart")))).containsExactly("mart/firms");
        assertThat(keys(Map.of("kind", List.of("table")))).containsExactly("mart/firms", "mart/owners");
        assertThat(keys(Map.of("status", List.of("NEVER")))).containsExactly("mart/owners");
        assertThat(keys(Map.of("status", List.of("CHECK_FAILED")))).containsExactly("mart/firms");
        assertThat(keys(Map.of("status", List.of("SUCCESS")))).containsExactly("raw/filings");
        assertThat(keys(Map.of("group", List.of("mart"), "owner", List.of("ops@example.com"))))
                .containsExactly("mart/owners");
        assertThat(keys(Map.of("group", List.of("")))).hasSize(3);
    }

    @Test
    void theQueryStringKeepsTheSetFiltersEncoded() {
        AssetsPageFilter f = AssetsPageFilter.read(Map.of("tag", List.of("layer=mart"), "q", List.of("a b")));
        assertThat(f.query()).isEqualTo("?q=a+b&tag=layer%3Dmart");
        assertThat(f.any()).isTrue();
        assertThat(AssetsPageFilter.none().query()).isEmpty();
    }

    @Test
    void anUnknownKindOrStatusOrARepeatedFilterIsRefusedNamingIt() {
        assertThatThrownBy(() -> AssetsPageFilter.read(Map.of("kind", List.of("view"))))
                .isInstanceOf(AssetsPageFilter.Invalid.class)
                .hasMessage("unknown kind 'view': choose one of partitioned, keyed, table");
        assertThatThrownBy(() -> AssetsPageFilter.read(Map.of("status", List.of("success"))))
                .hasMessageStartingWith("unknown status 'success': choose one of QUEUED, STARTED, SUCCESS");
        assertThatThrownBy(() -> AssetsPageFilter.read(Map.of("owner", List.of("a", "b"))))
                .hasMessage("the filter owner was given 2 times; give it once");
    }
}
