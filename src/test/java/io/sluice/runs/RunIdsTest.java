package io.sluice.runs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class RunIdsTest {

    @Test
    void idsAreVersion7UuidsThatIncreaseInTheOrderTheyAreMade() {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            ids.add(RunIds.next());
        }
        assertThat(ids).doesNotHaveDuplicates().isSorted();
        UUID first = UUID.fromString(ids.get(0));
        assertThat(first.version()).isEqualTo(7);
        assertThat(first.variant()).isEqualTo(2);
        assertThat(ids.get(0)).hasSize(36);
        long millis = first.getMostSignificantBits() >>> 16;
        assertThat(millis).isBetween(System.currentTimeMillis() - 60_000, System.currentTimeMillis());
    }
}
