package io.sluice.web;

import io.sluice.runs.PartitionState;
import io.sluice.runs.PartitionStatusView;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The partition health bar of an asset page: the asset's status ranges (consecutive partitions of one status, in
 * partition order) as at most {@code maxSegments} segments, each as wide as the partitions it covers. When there are
 * more ranges than segments, consecutive whole ranges are merged into buckets of about {@code total / (maxSegments - 1)}
 * partitions and a bucket shows the mix of its statuses. Pure: 100,000 partitions in 5,000 ranges become 200 segments.
 */
public record HealthBar(String asset, long total, List<Segment> segments) {

    /** The number of partitions as the page writes it, {@code 100,000}. */
    public String totalText() {
        return Format.count(total);
    }

    /** The most segments an asset page draws. */
    public static final int MAX_SEGMENTS = 200;

    /** Partitions {@code first} to {@code last} (inclusive), {@code count} of them, by status. */
    public record Segment(String asset, String first, String last, long count, Map<PartitionState, Long> mix) {

        public Segment {
            mix = new EnumMap<>(mix);
        }

        /** Whether its partitions have more than one status. */
        public boolean mixed() {
            return mix.size() > 1;
        }

        /** The status of its most partitions (the first in {@link PartitionState} order on a tie). */
        public PartitionState status() {
            PartitionState best = null;
            for (var e : mix.entrySet()) {
                if (best == null || e.getValue() > mix.get(best)) {
                    best = e.getKey();
                }
            }
            return best;
        }

        /** Its width as a share of the bar, in percent. */
        public String widthOf(long total) {
            return String.format(Locale.ROOT, "%.4f", total == 0 ? 0.0 : 100.0 * count / total);
        }

        /** "2024-01-01 … 2024-03-31: 91 partitions, 80 materialized, 11 failed". */
        public String title() {
            String range = first.equals(last) ? first : first + " … " + last;
            String counts = mix.entrySet().stream()
                    .map(e -> Format.count(e.getValue()) + " " + label(e.getKey()))
                    .collect(Collectors.joining(", "));
            return range + ": " + Format.count(count, "partition", "partitions")
                    + (mixed() ? ", " + counts : ", " + label(status()));
        }

        /** The launchpad with this range preselected. */
        public String href() {
            return "/launch?asset=" + query(asset) + "&from=" + query(first) + "&to=" + query(last);
        }

        /** A mixed segment stacks its statuses bottom to top by share; one status is coloured by its class. */
        public String style() {
            if (!mixed()) {
                return "";
            }
            StringBuilder stops = new StringBuilder("background:linear-gradient(to top");
            long at = 0;
            for (var e : mix.entrySet()) {
                String from = percent(at);
                at += e.getValue();
                stops.append(",var(--h-")
                        .append(e.getKey().name())
                        .append(") ")
                        .append(from)
                        .append(" ")
                        .append(percent(at));
            }
            return stops.append(")").toString();
        }

        private String percent(long n) {
            return String.format(Locale.ROOT, "%.1f%%", 100.0 * n / count);
        }
    }

    /** The bar of {@code view} in at most {@code maxSegments} segments (at least 2). */
    public static HealthBar of(PartitionStatusView view, int maxSegments) {
        if (maxSegments < 2) {
            throw new IllegalArgumentException("a health bar needs at least 2 segments, not " + maxSegments);
        }
        List<PartitionStatusView.Range> ranges = view.ranges();
        List<Segment> segments = new ArrayList<>();
        if (ranges.size() <= maxSegments) {
            for (var r : ranges) {
                segments.add(new Segment(view.asset(), r.start(), r.end(), r.count(), Map.of(r.status(), r.count())));
            }
            return new HealthBar(view.asset(), view.total(), segments);
        }
        // closed buckets hold at least `target` partitions, so at most maxSegments - 1 close, plus the last one
        long total = ranges.stream().mapToLong(PartitionStatusView.Range::count).sum();
        long target = Math.max(1, (total + maxSegments - 2) / (maxSegments - 1));
        String first = null;
        String last = null;
        long count = 0;
        Map<PartitionState, Long> mix = new EnumMap<>(PartitionState.class);
        for (var r : ranges) {
            if (first == null) {
                first = r.start();
            }
            last = r.end();
            count += r.count();
            mix.merge(r.status(), r.count(), Long::sum);
            if (count >= target) {
                segments.add(new Segment(view.asset(), first, last, count, mix));
                first = null;
                count = 0;
                mix.clear();
            }
        }
        if (first != null) {
            segments.add(new Segment(view.asset(), first, last, count, mix));
        }
        return new HealthBar(view.asset(), view.total(), segments);
    }

    /** "50,920 / 100,000 materialized, 12 failed" (failed, in progress and stale only when there are some). */
    public static String summary(PartitionStatusView view) {
        StringBuilder s = new StringBuilder(Format.count(view.counts().getOrDefault(PartitionState.MATERIALIZED, 0L)))
                .append(" / ")
                .append(Format.count(view.total()))
                .append(" materialized");
        for (PartitionState state : List.of(PartitionState.FAILED, PartitionState.IN_PROGRESS, PartitionState.STALE)) {
            long n = view.counts().getOrDefault(state, 0L);
            if (n > 0) {
                s.append(", ").append(Format.count(n)).append(" ").append(label(state));
            }
        }
        return s.toString();
    }

    static String label(PartitionState state) {
        return state.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    private static String query(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("%2F", "/");
    }
}
