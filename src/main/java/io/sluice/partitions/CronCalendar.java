package io.sluice.partitions;

import java.time.LocalDate;

/**
 * The days on which a cron expression fires, counted by arithmetic instead of by scanning. The Gregorian
 * calendar repeats every 400 years (146,097 days, exactly 20,871 weeks), so the matching days of one cycle,
 * kept as a bit mask per month and a running count, answer "how many matching days before this date" and
 * "which is the n-th matching day" for any date in constant time.
 */
final class CronCalendar {

    private static final int FIRST_YEAR = 2000;
    private static final int CYCLE_YEARS = 400;
    private static final int CYCLE_MONTHS = CYCLE_YEARS * 12;

    /** Bit {@code d - 1} is set when day {@code d} of the month matches. */
    private final int[] masks = new int[CYCLE_MONTHS];
    /** Matching days in the cycle before each month; the last entry is the total of the cycle. */
    private final int[] before = new int[CYCLE_MONTHS + 1];

    CronCalendar(DayRule rule) {
        for (int m = 0; m < CYCLE_MONTHS; m++) {
            LocalDate first = LocalDate.of(FIRST_YEAR + m / 12, m % 12 + 1, 1);
            int firstDayOfWeek = first.getDayOfWeek().getValue() % 7;
            int mask = 0;
            for (int day = 1; day <= first.lengthOfMonth(); day++) {
                if (rule.matches(first.getMonthValue(), day, (firstDayOfWeek + day - 1) % 7)) {
                    mask |= 1 << (day - 1);
                }
            }
            masks[m] = mask;
            before[m + 1] = before[m] + Integer.bitCount(mask);
        }
    }

    /** Whether day {@code dayOfMonth} of {@code month} (1-12), falling on {@code dayOfWeek} (0 = Sunday), matches. */
    interface DayRule {
        boolean matches(int month, int dayOfMonth, int dayOfWeek);
    }

    int daysPerCycle() {
        return before[CYCLE_MONTHS];
    }

    boolean matches(LocalDate date) {
        return (masks[monthInCycle(date)] & (1 << (date.getDayOfMonth() - 1))) != 0;
    }

    /** Matching days in {@code [2000-01-01, date)}; negative for dates before 2000. */
    long matchingDaysBefore(LocalDate date) {
        int month = monthInCycle(date);
        long cycles = Math.floorDiv(date.getYear() - FIRST_YEAR, CYCLE_YEARS);
        int inMonth = Integer.bitCount(masks[month] & ((1 << (date.getDayOfMonth() - 1)) - 1));
        return cycles * daysPerCycle() + before[month] + inMonth;
    }

    /** The matching day with {@code matchingDaysBefore(day) == n}. */
    LocalDate matchingDay(long n) {
        long cycle = Math.floorDiv(n, daysPerCycle());
        int rest = (int) Math.floorMod(n, daysPerCycle());
        int lo = 0;
        int hi = CYCLE_MONTHS - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (before[mid] <= rest) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        int mask = masks[lo];
        for (int skip = rest - before[lo]; skip > 0; skip--) {
            mask &= mask - 1;
        }
        long year = FIRST_YEAR + cycle * CYCLE_YEARS + lo / 12;
        return LocalDate.of(Math.toIntExact(year), lo % 12 + 1, Integer.numberOfTrailingZeros(mask) + 1);
    }

    private static int monthInCycle(LocalDate date) {
        return Math.floorMod(date.getYear() - FIRST_YEAR, CYCLE_YEARS) * 12 + date.getMonthValue() - 1;
    }
}
