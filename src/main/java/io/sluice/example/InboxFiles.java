package io.sluice.example;

import io.sluice.partitions.PartitionSpace;
import io.sluice.text.Text;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The inbox sensor's decision, on values: which files in the folder are new or changed since the cursor, which filing
 * days they launch, and which are ignored (and why). Modification times only tell a changed file from the one seen; they
 * never order files against each other, so a file moved in with an old time ({@code mv}, {@code cp -p}, {@code rsync
 * -t}, unpacked from an archive) or one dated in the future is handled like any other.
 */
final class InboxFiles {

    /** At most this many new files are taken per tick; the rest wait for the next (the cursor does not list them). */
    static final int MAX_PER_TICK = 100;
    /** How many ignored files a tick names; the others are counted. */
    static final int NAMED = 10;

    private static final Pattern DAY = Pattern.compile("^(\\d{4}-\\d{2}-\\d{2}).*");
    private static final String HEADER = "inbox files v2";

    private InboxFiles() {}

    /** A file in the folder: its name and what tells its content changed (size and modification time). */
    record File(String name, long size, long modifiedMillis) {
        Stamp stamp() {
            return new Stamp(size, modifiedMillis);
        }
    }

    /** What identifies a version of a file: the same name with another stamp is a changed file, new again. */
    record Stamp(long size, long modifiedMillis) {}

    /**
     * The cursor: the files seen, by name, each with the stamp it had. It lists only files still in the folder (one taken
     * away is forgotten; dropped again, it is new), so it is as large as the folder, not its history. Written as a header
     * line and then one line a file, {@code size modifiedMillis name}, by name; in a name, {@code %}, control characters,
     * bidi controls and lone surrogates are written {@code %uXXXX}, so a line holds one file and reads safely.
     */
    record Seen(Map<String, Stamp> files) {
        Seen {
            files = Map.copyOf(files);
        }

        static final Seen NONE = new Seen(Map.of());

        /**
         * The cursor as stored. A cursor of the previous format (the newest modification time seen, then the names
         * seen at it) is read as the files of {@code present} it covered, so an upgrade launches nothing again.
         */
        static Seen parse(Optional<String> cursor, List<File> present) {
            if (cursor.isEmpty() || cursor.get().isBlank()) {
                return NONE;
            }
            String[] lines = cursor.get().split("\n", -1);
            if (!lines[0].equals(HEADER)) {
                return legacy(lines, present);
            }
            Map<String, Stamp> files = new TreeMap<>();
            for (int i = 1; i < lines.length; i++) {
                if (lines[i].isEmpty()) {
                    continue;
                }
                String[] parts = lines[i].split(" ", 3);
                if (parts.length < 3) {
                    throw new IllegalArgumentException(
                            "the inbox cursor's line " + (i + 1) + " is not 'size time name'");
                }
                files.put(decode(parts[2]), new Stamp(Long.parseLong(parts[0]), Long.parseLong(parts[1])));
            }
            return new Seen(files);
        }

        private static Seen legacy(String[] lines, List<File> present) {
            long newest = Long.parseLong(lines[0].strip());
            Set<String> atNewest = Set.copyOf(Arrays.asList(lines).subList(1, lines.length));
            Map<String, Stamp> files = new TreeMap<>();
            for (File file : present) {
                if (file.modifiedMillis() < newest
                        || file.modifiedMillis() == newest && atNewest.contains(file.name())) {
                    files.put(file.name(), file.stamp());
                }
            }
            return new Seen(files);
        }

        String format() {
            StringBuilder out = new StringBuilder(HEADER);
            new TreeMap<>(files)
                    .forEach((name, stamp) -> out.append('\n')
                            .append(stamp.size())
                            .append(' ')
                            .append(stamp.modifiedMillis())
                            .append(' ')
                            .append(encode(name)));
            return out.toString();
        }

        boolean covers(File file) {
            return file.stamp().equals(files.get(file.name()));
        }

        /** The files seen that are still in the folder, and {@code taken} as they are now. */
        Seen next(List<File> present, List<File> taken) {
            Map<String, Stamp> kept = new TreeMap<>();
            for (File file : present) {
                Stamp stamp = files.get(file.name());
                if (stamp != null) {
                    kept.put(file.name(), stamp);
                }
            }
            taken.forEach(file -> kept.put(file.name(), file.stamp()));
            return new Seen(kept);
        }
    }

    /**
     * What a tick found: the filing days to launch with their files, the new files ignored and why (names escaped), the
     * new cursor, and whether the cursor changed (a file was taken, or one seen was taken away).
     */
    record Scan(Map<String, List<String>> launch, List<String> ignored, Seen seen, boolean changed) {
        List<String> days() {
            return List.copyOf(launch.keySet());
        }

        List<String> filesOf(String day) {
            return launch.get(day);
        }

        /** What a tick that launches nothing says. */
        String summary() {
            return ignored.isEmpty() ? "no new filing file in the inbox" : note().orElseThrow();
        }

        /** What a tick says of the files it ignored, if any. */
        Optional<String> note() {
            if (ignored.isEmpty()) {
                return Optional.empty();
            }
            String named = String.join("; ", ignored.subList(0, Math.min(NAMED, ignored.size())));
            String more = ignored.size() > NAMED ? "; and " + (ignored.size() - NAMED) + " more" : "";
            return Optional.of("new files ignored: " + named + more);
        }
    }

    static Scan scan(List<File> present, Seen seen, PartitionSpace days) {
        List<File> fresh = present.stream()
                .filter(f -> !seen.covers(f))
                .sorted(Comparator.comparingLong(File::modifiedMillis).thenComparing(File::name))
                .limit(MAX_PER_TICK)
                .toList();
        Map<String, List<String>> launch = new LinkedHashMap<>();
        List<String> ignored = new ArrayList<>();
        for (File file : fresh) {
            Optional<String> badName = Text.nameProblem("its name", file.name());
            if (badName.isPresent()) {
                ignored.add(Text.quote(file.name()) + " (" + badName.get() + ")");
                continue;
            }
            Matcher m = DAY.matcher(file.name());
            if (!m.matches()) {
                ignored.add(Text.quote(file.name()) + " (its name does not start with a day like 2024-03-15)");
                continue;
            }
            Optional<String> problem = days.validate(m.group(1));
            if (problem.isPresent()) {
                ignored.add(Text.quote(file.name()) + " (" + problem.get() + ")");
                continue;
            }
            launch.computeIfAbsent(m.group(1), d -> new ArrayList<>()).add(file.name());
        }
        Seen next = seen.next(present, fresh);
        return new Scan(launch, ignored, next, !next.equals(seen));
    }

    /** A name as the cursor writes it: {@code %}, control and bidi characters and lone surrogates as {@code %uXXXX}. */
    static String encode(String name) {
        StringBuilder out = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean pair = Character.isHighSurrogate(c)
                    && i + 1 < name.length()
                    && Character.isLowSurrogate(name.charAt(i + 1));
            if (pair) {
                out.append(c).append(name.charAt(++i));
            } else if (c == '%' || Text.nameProblem("a name", String.valueOf(c)).isPresent()) {
                out.append(String.format("%%u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    static String decode(String encoded) {
        StringBuilder out = new StringBuilder(encoded.length());
        for (int i = 0; i < encoded.length(); i++) {
            char c = encoded.charAt(i);
            if (c == '%' && i + 5 < encoded.length() && encoded.charAt(i + 1) == 'u') {
                out.append((char) Integer.parseInt(encoded.substring(i + 2, i + 6), 16));
                i += 5;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
