package io.sluice.example;

import io.sluice.partitions.PartitionSpace;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The inbox sensor's decision, on values: which files are new since the cursor and which filing days they launch. */
final class InboxFiles {

    /** At most this many new files are taken per tick; the rest wait for the next (the cursor stops before them). */
    static final int MAX_PER_TICK = 100;

    private static final Pattern DAY = Pattern.compile("^(\\d{4}-\\d{2}-\\d{2}).*");

    private InboxFiles() {}

    record File(String name, long modifiedMillis) {}

    /**
     * The cursor: the newest modification time seen and the names of the files seen at it. A file is new when it is
     * newer, or as new with another name. Written as the time, then one name a line.
     */
    record Seen(long modifiedMillis, List<String> names) {
        Seen {
            names = List.copyOf(new TreeSet<>(names));
        }

        static Seen parse(Optional<String> cursor) {
            if (cursor.isEmpty() || cursor.get().isBlank()) {
                return new Seen(Long.MIN_VALUE, List.of());
            }
            String[] lines = cursor.get().split("\n");
            return new Seen(Long.parseLong(lines[0]), List.of(lines).subList(1, lines.length));
        }

        String format() {
            return modifiedMillis + (names.isEmpty() ? "" : "\n" + String.join("\n", names));
        }

        boolean covers(File file) {
            return file.modifiedMillis() < modifiedMillis
                    || file.modifiedMillis() == modifiedMillis && names.contains(file.name());
        }

        Seen with(File file) {
            if (file.modifiedMillis() > modifiedMillis) {
                return new Seen(file.modifiedMillis(), List.of(file.name()));
            }
            List<String> more = new ArrayList<>(names);
            more.add(file.name());
            return new Seen(modifiedMillis, more);
        }
    }

    /** What a tick found: the filing days to launch with their files, the files ignored and why, the new cursor. */
    record Scan(Map<String, List<String>> launch, List<String> ignored, Seen seen, boolean changed) {
        List<String> days() {
            return List.copyOf(launch.keySet());
        }

        List<String> filesOf(String day) {
            return launch.get(day);
        }

        String summary() {
            if (!changed) {
                return "no new filing file in the inbox";
            }
            return "new files without a filing day: " + String.join("; ", ignored);
        }
    }

    static Scan scan(List<File> files, Seen seen, PartitionSpace days) {
        List<File> fresh = files.stream()
                .filter(f -> !seen.covers(f))
                .sorted(Comparator.comparingLong(File::modifiedMillis).thenComparing(File::name))
                .limit(MAX_PER_TICK)
                .toList();
        Map<String, List<String>> launch = new LinkedHashMap<>();
        List<String> ignored = new ArrayList<>();
        Seen next = seen;
        for (File file : fresh) {
            next = next.with(file);
            Matcher m = DAY.matcher(file.name());
            if (!m.matches()) {
                ignored.add(file.name() + " (its name does not start with a day like 2024-03-15)");
                continue;
            }
            Optional<String> problem = days.validate(m.group(1));
            if (problem.isPresent()) {
                ignored.add(file.name() + " (" + problem.get() + ")");
                continue;
            }
            launch.computeIfAbsent(m.group(1), d -> new ArrayList<>()).add(file.name());
        }
        return new Scan(launch, ignored, next, !fresh.isEmpty());
    }
}
