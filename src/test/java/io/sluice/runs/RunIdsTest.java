package io.sluice.runs;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class RunIdsTest {

    @Test
    void idsAreVersion7UuidsThatIncreaseInTheOrderTheyAreMade() {
        // ids never go back: an id is stamped with the clock, or just after the last id made in this JVM if that is
        // later
        // (another test may have made ids with a clock set in the future)
        long previous = UUID.fromString(RunIds.next(Instant.EPOCH)).getMostSignificantBits() >>> 16;
        Instant now = Instant.now();
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            ids.add(RunIds.next(now));
        }
        assertThat(ids).doesNotHaveDuplicates().isSorted();
        UUID first = UUID.fromString(ids.get(0));
        assertThat(first.version()).isEqualTo(7);
        assertThat(first.variant()).isEqualTo(2);
        assertThat(ids.get(0)).hasSize(36);
        long millis = first.getMostSignificantBits() >>> 16;
        long expected = Math.max(previous, now.toEpochMilli());
        assertThat(millis).isBetween(expected, expected + 1);
    }

    @Test
    void theShortFormTellsRunsMadeTogetherApart() {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            ids.add(RunIds.next(Instant.now()));
        }
        List<String> shown = ids.stream().map(RunIds::shortForm).toList();
        // 300 ids made within a millisecond or two: their first 8 characters are all alike, the short form is random
        assertThat(ids.stream().map(id -> id.substring(0, 8)).distinct().count())
                .as("the time-ordered prefix")
                .isLessThanOrEqualTo(2);
        // 32 random bits each: two of 300 alike once in about 100,000 runs of this test
        assertThat(shown).doesNotHaveDuplicates().allSatisfy(s -> assertThat(s).hasSize(RunIds.SHORT_LENGTH));
        for (int i = 0; i < ids.size(); i++) {
            assertThat(ids.get(i)).endsWith(shown.get(i));
        }
        assertThat(RunIds.shortForm("abc")).isEqualTo("abc");
    }
}
