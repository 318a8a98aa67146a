package io.sluice.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class LinkedTextTest {

    @Test
    void theRunIdsOfAMessageBecomeLinksAndTheRestStaysText() {
        String id = "01a24a15-af7d-7014-9cba-2f0663e53728";
        assertThat(LinkedText.of("asset a/b is already being materialized by run " + id + "; wait for it or cancel it")
                        .parts())
                .containsExactly(
                        new LinkedText.Part("asset a/b is already being materialized by run ", null),
                        new LinkedText.Part(id, id),
                        new LinkedText.Part("; wait for it or cancel it", null));
        assertThat(LinkedText.of(id + " and " + id).parts())
                .extracting(LinkedText.Part::run)
                .containsExactly(id, null, id);
        assertThat(LinkedText.of("no run here: 01a24a15").parts())
                .containsExactly(new LinkedText.Part("no run here: 01a24a15", null));
        assertThat(LinkedText.of(null).parts()).isEqualTo(List.of());
    }

    @Test
    void ordinalsReadAsWords() {
        assertThat(List.of(1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111))
                .extracting(QueueView::ordinal)
                .containsExactly("1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th");
    }
}
