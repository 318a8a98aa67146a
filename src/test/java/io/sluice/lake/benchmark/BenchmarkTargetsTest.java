package io.sluice.lake.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class BenchmarkTargetsTest {

    private static MergeBenchmark.Figure figure(String step, double millis) {
        return new MergeBenchmark.Figure(step, "what", millis, "result");
    }

    @Test
    void each_target_is_judged_against_the_floor_or_in_milliseconds_and_a_limit_itself_is_met() {
        List<String> report = BenchmarkTargets.report(List.of(
                figure("a", 200),
                figure("b", 600),
                figure("c", 201),
                figure("d", 200.04),
                figure("e", 20.6),
                figure("e'", 90)));
        assertThat(report)
                .containsExactly(
                        "(b) at most 3x (a): 3.000x (a), met",
                        "(c) at most 1x (a): 1.005x (a), MISSED",
                        "(d) at most 200 ms: 200.04 ms, MISSED",
                        "(e) at most 20 ms: 20.60 ms, MISSED");
    }

    @Test
    void steps_that_did_not_run_are_left_out_and_the_floor_must_come_first() {
        assertThat(BenchmarkTargets.report(List.of(figure("a", 100), figure("e", 19.9))))
                .containsExactly("(e) at most 20 ms: 19.90 ms, met");
        assertThatThrownBy(() -> BenchmarkTargets.report(List.of(figure("b", 1))))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
