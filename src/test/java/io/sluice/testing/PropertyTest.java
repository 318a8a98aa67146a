package io.sluice.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The property runner itself: tries, seeds, the failure report, its replay, edge cases and discards. */
class PropertyTest {

    private static final Pattern REPORT = Pattern.compile("failed on try (\\d+) of (\\d+) \\(seed ([0-9a-f]+),");

    /** A property that fails on one value in seven: it fails within 200 tries (all but surely, not by design). */
    private static final Function<Draw, Integer> VALUES = d -> d.between(0, 1_000_000);

    private static void notThreeModSeven(int v) {
        assertThat(v % 7).as("%d mod 7", v).isNotEqualTo(3);
    }

    @Test
    void aFailureNamesTheTestTheTryTheSeedTheSampleAndTheReplay() {
        AssertionError failure = catchThrowableOfType(
                AssertionError.class,
                () -> Property.tries(200).withSeed("").check(VALUES, PropertyTest::notThreeModSeven));

        Matcher m = REPORT.matcher(failure.getMessage());
        assertThat(m.find()).as(failure.getMessage()).isTrue();
        String seed = m.group(3) + ":" + m.group(1);
        assertThat(failure.getMessage())
                .startsWith("PropertyTest#aFailureNamesTheTestTheTryTheSeedTheSampleAndTheReplay failed")
                .contains("of 200 (seed ")
                .contains("./mvnw -B test -Dtest='PropertyTest#aFailureNamesTheTestTheTryTheSeedTheSampleAndTheReplay' "
                        + "-Dsluice.seed=" + seed + "\n")
                .contains("mod 7");
        assertThat(failure.getCause()).isInstanceOf(AssertionError.class).hasMessageContaining("mod 7");
        int sample = Integer.parseInt(failure.getMessage().replaceAll("(?s).*\n  sample: (\\d+)\n.*", "$1"));
        assertThat(sample % 7).isEqualTo(3);

        List<Integer> replayed = new ArrayList<>();
        AssertionError again = catchThrowableOfType(
                AssertionError.class,
                () -> Property.tries(200).withSeed(seed).check(VALUES, v -> {
                    replayed.add(v);
                    notThreeModSeven(v);
                }));
        assertThat(replayed).as("the replayed try alone").containsExactly(sample);
        assertThat(again).hasMessage(failure.getMessage());

        AssertionError wholeRun = catchThrowableOfType(
                AssertionError.class,
                () -> Property.tries(200).withSeed(m.group(3)).check(VALUES, PropertyTest::notThreeModSeven));
        assertThat(wholeRun).as("the whole run again").hasMessage(failure.getMessage());
    }

    @Test
    void theScaleMultipliesTheTriesAndRefusesWhatIsNotAPositiveNumber() {
        assertThat(Property.scaled(60, null)).isEqualTo(60);
        assertThat(Property.scaled(60, " ")).isEqualTo(60);
        assertThat(Property.scaled(60, "10")).isEqualTo(600);
        assertThat(Property.scaled(60, "0.5")).isEqualTo(30);
        assertThat(Property.scaled(3, "0.01")).as("at least one try").isEqualTo(1);
        for (String bad : List.of("0", "-2", "many", "NaN", "Infinity")) {
            assertThatThrownBy(() -> Property.scaled(60, bad))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("-Dsluice.tries.scale=" + bad + " is not a scale");
        }
    }

    @Test
    void eachRunDrawsAnotherBaseSeed() {
        List<Long> one = new ArrayList<>();
        List<Long> other = new ArrayList<>();
        Property.tries(20).withSeed("").check(Draw::anyLong, one::add);
        Property.tries(20).withSeed("").check(Draw::anyLong, other::add);
        assertThat(one).hasSize(20).isNotEqualTo(other);
        assertThat(one.subList(0, 2))
                .as("the low try and the high try")
                .containsExactly(Long.MIN_VALUE, Long.MAX_VALUE);
    }

    record Sample(int small, List<Integer> list, String maybe, int any, boolean bool, String choice) {}

    private static Sample sample(Draw d) {
        return new Sample(
                d.between(-5, 9),
                d.listOf(0, 100, () -> d.between(1, 3)),
                d.orNull(0.1, () -> "x"),
                d.anyInt(),
                d.bool(),
                d.of("first", "middle", "last"));
    }

    @Test
    void theFirstTriesAreTheEdgesAndTheEarlyOnesAreSmall() {
        List<Sample> samples = new ArrayList<>();
        Property.tries(1000).withSeed("5eed").check(PropertyTest::sample, samples::add);

        assertThat(samples).hasSize(1000);
        assertThat(samples.get(0)).isEqualTo(new Sample(-5, List.of(), "x", Integer.MIN_VALUE, false, "first"));
        assertThat(samples.get(1).list()).hasSize(100).containsOnly(3);
        assertThat(samples.get(1))
                .extracting(Sample::small, Sample::maybe, Sample::any, Sample::bool, Sample::choice)
                .containsExactly(9, null, Integer.MAX_VALUE, true, "last");
        Set<Integer> anyInts = new HashSet<>();
        samples.forEach(s -> anyInts.add(s.any()));
        assertThat(anyInts)
                .as("edge values among 1,000 tries")
                .contains(0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE);
        assertThat(samples.stream().filter(s -> s.list().isEmpty()).count())
                .as("empty lists")
                .isGreaterThan(20);
        assertThat(samples.get(2).list().size())
                .as("try 3: lists of at most 1%% of 100")
                .isLessThanOrEqualTo(1);
        assertThat(samples.subList(2, 50))
                .allSatisfy(s -> assertThat(s.list().size()).isLessThanOrEqualTo(50));
        assertThat(samples.subList(100, 1000).stream()
                        .mapToInt(s -> s.list().size())
                        .max()
                        .orElseThrow())
                .isGreaterThan(90);
    }

    @Test
    void wideRangesLeanTowardsZeroAsJqwikDrewThem() {
        assertThat(BiasedRange.starts(0, 99)).containsExactly(0, 11, 33);
        assertThat(BiasedRange.starts(1990, 2035)).containsExactly(1990, 2005);
        assertThat(BiasedRange.starts(-3, 2)).containsExactly(-3);
        assertThat(BiasedRange.starts(-99, 99)).containsExactly(-99, -33, -11, 0, 11, 33);
        assertThat(BiasedRange.starts(Long.MIN_VALUE, Long.MAX_VALUE))
                .startsWith(Long.MIN_VALUE)
                .contains(0L);

        List<Integer> picks = new ArrayList<>();
        Property.tries(3000).withSeed("99").check(d -> d.between(0, 99), picks::add);
        long repeats = picks.stream().skip(2).filter(p -> p < 25).count();
        assertThat(repeats / 2998.0)
                .as("share below 25 (uniform: 0.25, jqwik: 0.55)")
                .isBetween(0.5, 0.6);
    }

    @Test
    void setsHoldDistinctValuesEvenOnTheLowTry() {
        List<Set<Integer>> sets = new ArrayList<>();
        Property.tries(50).withSeed("1").check(d -> d.setOf(2, 4, () -> d.between(0, 6)), sets::add);
        assertThat(sets).allSatisfy(s -> assertThat(s).hasSizeBetween(2, 4));
        assertThat(sets.get(0)).hasSize(2).contains(0);
    }

    @Test
    void discardedTriesCountAsTriesAndTooManyFailTheProperty() {
        List<Integer> checked = new ArrayList<>();
        Property.tries(60).withSeed("7").check(VALUES, v -> {
            Property.assume(v % 2 == 0);
            checked.add(v);
        });
        assertThat(checked)
                .isNotEmpty()
                .hasSizeLessThan(60)
                .allSatisfy(v -> assertThat(v % 2).isZero());

        assertThatThrownBy(() -> Property.tries(60).withSeed("7").check(VALUES, v -> Property.assume(false)))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("60 of 60 tries were discarded");
    }

    @Test
    void anExceptionOrAFailedDrawIsAFailureWithTheSeedToo() {
        assertThatThrownBy(() -> Property.tries(5).withSeed("ab").check(VALUES, v -> {
                    throw new SQLException("boom");
                }))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("failed on try 1 of 5 (seed ab,")
                .hasMessageContaining("-Dsluice.seed=ab:1")
                .hasCauseInstanceOf(SQLException.class);

        assertThatThrownBy(() -> Property.tries(5).withSeed("ab").check(d -> d.between(3, 2), v -> {}))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("sample: (none: drawing it failed)")
                .hasCauseInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aCheckCalledFromALambdaIsNamedAfterItsTestMethod() {
        Runnable run = () ->
                Property.tries(3).withSeed("").check(VALUES, v -> assertThat(v).isNegative());
        assertThatThrownBy(run::run)
                .hasMessageStartingWith("PropertyTest#aCheckCalledFromALambdaIsNamedAfterItsTestMethod failed");
    }

    @Test
    void seedsAreReadAsTheReportWritesThem() {
        assertThat(Property.Replay.parse("ff:3")).isEqualTo(new Property.Replay(255, 3));
        assertThat(Property.Replay.parse("0x10")).isEqualTo(new Property.Replay(16, 0));
        assertThat(Property.Replay.parse(Long.toHexString(-2L))).isEqualTo(new Property.Replay(-2L, 0));
        assertThat(Property.Replay.parse(" ")).isNull();
        for (String bad : List.of("zz", "1:0", "1:-2", "1:2:3", "1:", "-5")) {
            assertThatThrownBy(() -> Property.Replay.parse(bad))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("-Dsluice.seed=" + bad + " is not a seed");
        }
    }
}
