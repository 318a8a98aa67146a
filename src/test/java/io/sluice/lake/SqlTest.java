package io.sluice.lake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqlTest {

    @Test
    void keepsTheValuesApartFromTheText() {
        Sql sql = Sql.of(
                "SELECT * FROM t WHERE d > ? AND k IN (SELECT unnest(?))", LocalDate.of(2024, 1, 1), List.of("a"));
        assertThat(sql.text()).isEqualTo("SELECT * FROM t WHERE d > ? AND k IN (SELECT unnest(?))");
        assertThat(sql.params()).containsExactly(LocalDate.of(2024, 1, 1), List.of("a"));
    }

    @Test
    void wrapKeepsTheValues() {
        Sql inner = Sql.of("SELECT * FROM t WHERE k = ?", "x' OR '1'='1");
        Sql outer = inner.wrap("SELECT count(*) FROM (", ")");
        assertThat(outer.text()).isEqualTo("SELECT count(*) FROM (SELECT * FROM t WHERE k = ?)");
        assertThat(outer.params()).containsExactly("x' OR '1'='1");
    }

    @Test
    void acceptsEveryKindItDocumentsAndNull() {
        Sql sql = Sql.of("?", "t", 1, 2L, 1.5d, true, LocalDate.EPOCH, Instant.EPOCH, null, List.of(1, 2L), List.of());
        assertThat(sql.params()).hasSize(10).containsNull();
    }

    @Test
    void theValuesCannotChangeAfterward() {
        List<Object> values = new ArrayList<>(List.of("a"));
        Sql sql = new Sql("SELECT ?", values);
        values.set(0, "b");
        assertThat(sql.params()).containsExactly("a");
        assertThatThrownBy(() -> sql.params().add("c")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void refusesWhatItCannotBind() {
        assertThatThrownBy(() -> Sql.of("SELECT ?", LocalDateTime.of(2024, 1, 1, 0, 0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("parameter 1")
                .hasMessageContaining("LocalDateTime");
        assertThatThrownBy(() -> Sql.of("SELECT ?, ?", "a", List.of("a", 1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("parameter 2");
        assertThatThrownBy(() -> Sql.of(" ")).isInstanceOf(IllegalArgumentException.class);
    }
}
