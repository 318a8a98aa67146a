package io.sluice.partitions;

import java.time.DayOfWeek;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZonedDateTime;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * A standard five-field cron expression, {@code minute hour day-of-month month day-of-week}, with {@code *},
 * lists ({@code 1,15}), ranges ({@code 1-5}), steps ({@code *}{@code /15}, {@code 8-18/2}, {@code 5/10}), month
 * and weekday names ({@code JAN}, {@code MON}), day of week 0 or 7 for Sunday, and the macros {@code @hourly},
 * {@code @daily}, {@code @weekly}, {@code @monthly}, {@code @yearly}. As in Vixie cron, when both day fields are
 * restricted a day matches if either does; when one of them starts with {@code *} both must match.
 *
 * <p>The expression itself is evaluated in local time; {@link #next(ZonedDateTime)} and
 * {@link #previous(ZonedDateTime)} apply the daylight-saving rules of {@link TimeWindowPartitions}.
 */
public final class CronSchedule {

    private static final Map<String, String> MACROS = Map.of(
            "@hourly",
            "0 * * * *",
            "@daily",
            "0 0 * * *",
            "@midnight",
            "0 0 * * *",
            "@weekly",
            "0 0 * * 0",
            "@monthly",
            "0 0 1 * *",
            "@yearly",
            "0 0 1 1 *",
            "@annually",
            "0 0 1 1 *");
    private static final String[] MONTH_NAMES = {
        "JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"
    };
    private static final String[] DAY_NAMES = {"SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"};
    private static final long ALL_DAYS_OF_MONTH = 0xFFFF_FFFEL;
    private static final long ALL_MONTHS = 0x1FFEL;
    private static final long ALL_DAYS_OF_WEEK = 0x7FL;
    private static final long ALL_HOURS = 0xFF_FFFFL;

    public static final CronSchedule HOURLY = parse("0 * * * *");
    public static final CronSchedule DAILY = parse("0 0 * * *");
    /** Sunday at midnight, as in Dagster. */
    public static final CronSchedule WEEKLY = parse("0 0 * * 0");

    public static final CronSchedule MONTHLY = parse("0 0 1 * *");

    private final String expression;
    private final long minutes;
    private final long hours;
    private final long daysOfMonth;
    private final long months;
    private final long daysOfWeek;
    private final boolean dayOfMonthStar;
    private final boolean dayOfWeekStar;
    /** Minutes of the day at which it fires, ascending. */
    private final int[] times;

    private final CronCalendar calendar;

    private CronSchedule(String expression, String[] fields) {
        this.expression = expression;
        this.minutes = field(fields[0], "minute", 0, 59, null);
        this.hours = field(fields[1], "hour", 0, 23, null);
        this.daysOfMonth = field(fields[2], "day-of-month", 1, 31, null);
        this.months = field(fields[3], "month", 1, 12, MONTH_NAMES);
        long weekdays = field(fields[4], "day-of-week", 0, 7, DAY_NAMES);
        this.daysOfWeek = (weekdays | (weekdays >>> 7)) & ALL_DAYS_OF_WEEK;
        this.dayOfMonthStar = fields[2].startsWith("*");
        this.dayOfWeekStar = fields[4].startsWith("*");
        this.times = new int[Long.bitCount(hours) * Long.bitCount(minutes)];
        int n = 0;
        for (int hour = 0; hour < 24; hour++) {
            for (int minute = 0; minute < 60; minute++) {
                if (bit(hours, hour) && bit(minutes, minute)) {
                    times[n++] = hour * 60 + minute;
                }
            }
        }
        this.calendar = new CronCalendar(this::dayMatches);
        if (calendar.daysPerCycle() == 0) {
            throw new IllegalArgumentException(
                    "cron '" + expression + "' never fires: no date matches its day and month fields");
        }
    }

    /** Parses a five-field expression or a macro; the message of the exception names the field at fault. */
    public static CronSchedule parse(String expression) {
        Objects.requireNonNull(expression, "expression");
        String text = expression.trim();
        String expanded = MACROS.getOrDefault(text.toLowerCase(Locale.ROOT), text);
        String[] fields = expanded.split("\\s+");
        if (fields.length != 5) {
            throw new IllegalArgumentException(
                    "cron '" + expression + "' must have 5 fields (minute hour day-of-month month "
                            + "day-of-week), like '0 6 * * 1-5'; it has " + (text.isEmpty() ? 0 : fields.length));
        }
        try {
            return new CronSchedule(text, fields);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    e.getMessage().startsWith("cron ")
                            ? e.getMessage()
                            : "cron '" + expression + "': " + e.getMessage(),
                    e);
        }
    }

    /** Every hour at {@code minute}. */
    public static CronSchedule hourly(int minute) {
        return parse(minute + " * * * *");
    }

    public static CronSchedule daily(LocalTime at) {
        return parse(at.getMinute() + " " + at.getHour() + " * * *");
    }

    public static CronSchedule weekly(DayOfWeek day, LocalTime at) {
        return parse(at.getMinute() + " " + at.getHour() + " * * " + day.getValue() % 7);
    }

    /** On day {@code dayOfMonth} of every month; days 29-31 skip the months that lack them. */
    public static CronSchedule monthly(int dayOfMonth, LocalTime at) {
        return parse(at.getMinute() + " " + at.getHour() + " " + dayOfMonth + " * *");
    }

    public String expression() {
        return expression;
    }

    /** {@code hourly}, {@code daily}, {@code weekly} or {@code monthly} for those shapes (at any minute/hour), else {@code cron}. */
    public String cadence() {
        boolean oneMinute = Long.bitCount(minutes) == 1;
        boolean oneHour = Long.bitCount(hours) == 1;
        boolean everyMonth = months == ALL_MONTHS;
        boolean everyDayOfMonth = daysOfMonth == ALL_DAYS_OF_MONTH && dayOfMonthStar;
        boolean everyDayOfWeek = daysOfWeek == ALL_DAYS_OF_WEEK && dayOfWeekStar;
        if (!oneMinute || !everyMonth) {
            return "cron";
        }
        if (hours == ALL_HOURS && everyDayOfMonth && everyDayOfWeek) {
            return "hourly";
        }
        if (oneHour && everyDayOfMonth && everyDayOfWeek) {
            return "daily";
        }
        if (oneHour && everyDayOfMonth && Long.bitCount(daysOfWeek) == 1) {
            return "weekly";
        }
        if (oneHour && everyDayOfWeek && Long.bitCount(daysOfMonth) == 1) {
            return "monthly";
        }
        return "cron";
    }

    public boolean matches(LocalDateTime time) {
        return time.getSecond() == 0
                && time.getNano() == 0
                && bit(minutes, time.getMinute())
                && bit(hours, time.getHour())
                && calendar.matches(time.toLocalDate());
    }

    /** The first local fire time strictly after {@code after}, ignoring time zones. */
    public LocalDateTime next(LocalDateTime after) {
        return fire(firesAtOrBefore(after));
    }

    /** The last local fire time strictly before {@code before}, ignoring time zones. */
    public LocalDateTime previous(LocalDateTime before) {
        return fire(firesBefore(before) - 1);
    }

    /**
     * The first window boundary strictly after {@code after} in its zone. A local fire time that falls into a
     * daylight-saving gap fires at the same offset as before the gap; one in a repeated hour fires once at the
     * earlier offset, or in both passes when the schedule fires at least as often as the repetition is long.
     */
    public ZonedDateTime next(ZonedDateTime after) {
        WindowTimeline timeline = WindowTimeline.around(this, after.getZone(), after.toInstant());
        return timeline.start(timeline.floorIndex(after.toInstant()) + 1).atZone(after.getZone());
    }

    /** The last window boundary strictly before {@code before} in its zone, with the rules of {@link #next(ZonedDateTime)}. */
    public ZonedDateTime previous(ZonedDateTime before) {
        WindowTimeline timeline = WindowTimeline.around(this, before.getZone(), before.toInstant());
        return timeline.start(timeline.firstIndexAtOrAfter(before.toInstant()) - 1)
                .atZone(before.getZone());
    }

    int firesPerDay() {
        return times.length;
    }

    /** How many local fire times lie in {@code [2000-01-01T00:00, time)}; negative before 2000. */
    long firesBefore(LocalDateTime time) {
        long days = calendar.matchingDaysBefore(time.toLocalDate());
        if (!calendar.matches(time.toLocalDate())) {
            return days * times.length;
        }
        int minute = time.getHour() * 60 + time.getMinute();
        boolean exact = time.getSecond() == 0 && time.getNano() == 0;
        return days * times.length + lowerBound(exact ? minute : minute + 1);
    }

    long firesAtOrBefore(LocalDateTime time) {
        return firesBefore(time) + (matches(time) ? 1 : 0);
    }

    /** The local fire time with {@code firesBefore(fire(n)) == n}. */
    LocalDateTime fire(long ordinal) {
        long day = Math.floorDiv(ordinal, times.length);
        int minute = times[(int) Math.floorMod(ordinal, times.length)];
        return calendar.matchingDay(day).atTime(minute / 60, minute % 60);
    }

    private int lowerBound(int minuteOfDay) {
        int index = Arrays.binarySearch(times, minuteOfDay);
        return index >= 0 ? index : -index - 1;
    }

    private boolean dayMatches(int month, int dayOfMonth, int dayOfWeek) {
        if (!bit(months, month)) {
            return false;
        }
        boolean byMonthDay = bit(daysOfMonth, dayOfMonth);
        boolean byWeekDay = bit(daysOfWeek, dayOfWeek);
        return dayOfMonthStar || dayOfWeekStar ? byMonthDay && byWeekDay : byMonthDay || byWeekDay;
    }

    private static boolean bit(long set, int value) {
        return (set & (1L << value)) != 0;
    }

    private static long field(String text, String name, int min, int max, String[] names) {
        long set = 0;
        for (String part : text.split(",", -1)) {
            if (part.isEmpty()) {
                throw new IllegalArgumentException(name + " field '" + text + "' has an empty list element");
            }
            int slash = part.indexOf('/');
            String range = slash < 0 ? part : part.substring(0, slash);
            int step = slash < 0 ? 1 : number(part.substring(slash + 1), name + " step", 1, max - min + 1, null);
            int lo;
            int hi;
            if (range.equals("*")) {
                lo = min;
                hi = max;
            } else if (range.indexOf('-') > 0) {
                lo = number(range.substring(0, range.indexOf('-')), name, min, max, names);
                hi = number(range.substring(range.indexOf('-') + 1), name, min, max, names);
                if (hi < lo) {
                    throw new IllegalArgumentException(name + " range '" + range + "' goes backwards");
                }
            } else {
                lo = number(range, name, min, max, names);
                hi = slash < 0 ? lo : max;
            }
            for (int value = lo; value <= hi; value += step) {
                set |= 1L << value;
            }
        }
        return set;
    }

    private static int number(String text, String name, int min, int max, String[] names) {
        if (names != null) {
            for (int i = 0; i < names.length; i++) {
                if (names[i].equalsIgnoreCase(text)) {
                    return i + min;
                }
            }
        }
        int value;
        try {
            value = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    name + " '" + text + "' is not a number" + (names == null ? "" : " or a name"));
        }
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + " " + value + " is out of range " + min + "-" + max);
        }
        return value;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CronSchedule other
                && minutes == other.minutes
                && hours == other.hours
                && daysOfMonth == other.daysOfMonth
                && months == other.months
                && daysOfWeek == other.daysOfWeek
                && dayOfMonthStar == other.dayOfMonthStar
                && dayOfWeekStar == other.dayOfWeekStar;
    }

    @Override
    public int hashCode() {
        return Objects.hash(minutes, hours, daysOfMonth, months, daysOfWeek, dayOfMonthStar, dayOfWeekStar);
    }

    @Override
    public String toString() {
        return expression;
    }
}
