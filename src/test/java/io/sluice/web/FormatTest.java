package io.sluice.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

class FormatTest {

    @Test
    void aCountIsGroupedByThousandsAsStringFormatGroupsIt() {
        Random random = new Random(20);
        long[] fixed = {
            0, 1, -1, 999, 1000, -1000, 12_345, 999_999, 1_000_000, -123_456_789, Long.MAX_VALUE, Long.MIN_VALUE
        };
        for (long n : fixed) {
            assertThat(Format.count(n)).isEqualTo(String.format(Locale.ROOT, "%,d", n));
        }
        for (int i = 0; i < 10_000; i++) {
            long n = random.nextLong() >> random.nextInt(64);
            assertThat(Format.count(n)).isEqualTo(String.format(Locale.ROOT, "%,d", n));
        }
    }
}
