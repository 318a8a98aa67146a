package io.sluice.lake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TableSpecTest {

    @Test
    void aTableNameIsAnIdentifierOfAtMost63CharactersNotReserved() {
        String longest = "t" + "x".repeat(62);
        assertThat(new TableSpec(longest, WriteMode.append("load_id"), List.of()).name())
                .hasSize(63);
        assertThatThrownBy(() -> new TableSpec(longest + "x", WriteMode.append("load_id"), List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("has 64 characters; at most 63 (PostgreSQL's limit");
        for (String bad : new String[] {"1abc", "a-b", "__snap_x", ""}) {
            assertThatThrownBy(() -> new TableSpec(bad, WriteMode.append("load_id"), List.of()))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }
}
