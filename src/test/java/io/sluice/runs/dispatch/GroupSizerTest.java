package io.sluice.runs.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class GroupSizerTest {

    @Test
    void runsNeverSeenAreClaimedOneAtATime() {
        assertThat(new GroupSizer(64, 100).size("[a]")).isEqualTo(1);
    }

    @Test
    void fastRunsAreGroupedUpToTheMaximumAndSlowOnesRunAlone() {
        GroupSizer sizer = new GroupSizer(64, 100);
        sizer.observe("[fast]", 0.05);
        sizer.observe("[medium]", 10);
        sizer.observe("[slow]", 5_000);
        assertThat(sizer.size("[fast]")).isEqualTo(64);
        assertThat(sizer.size("[medium]")).as("about 100 ms of work").isEqualTo(10);
        assertThat(sizer.size("[slow]")).isEqualTo(1);
        assertThat(sizer.size("[other]")).isEqualTo(1);
    }

    @Test
    void theSizeFollowsTheRecentPace() {
        GroupSizer sizer = new GroupSizer(64, 100);
        sizer.observe("[a]", 1);
        assertThat(sizer.size("[a]")).isEqualTo(64);
        for (int i = 0; i < 20; i++) {
            sizer.observe("[a]", 50);
        }
        assertThat(sizer.size("[a]")).as("runs became slow: groups shrink").isEqualTo(2);
    }

    @Test
    void aMaximumOfOneTurnsGroupingOff() {
        GroupSizer sizer = new GroupSizer(1, 100);
        sizer.observe("[a]", 0.01);
        assertThat(sizer.size("[a]")).isEqualTo(1);
        assertThatThrownBy(() -> new GroupSizer(0, 100)).isInstanceOf(IllegalArgumentException.class);
    }
}
