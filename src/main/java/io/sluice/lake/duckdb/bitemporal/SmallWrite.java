package io.sluice.lake.duckdb.bitemporal;

import io.sluice.lake.bitemporal.Replace;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The decision of a small write (section 3 of docs/bitemporal.md for the few scopes of a small batch), a pure function:
 * from the staged batch and the current knowledge and versions of the scopes it touches, which companion rows and
 * versions to close and which to open. Keys and scopes are ids of their text ({@link SmallWriter} gives them, for key
 * types whose text is equal exactly when DuckDB finds the values equal); rows are named by their rowid, so values
 * never travel through Java.
 *
 * <p>Used for {@link Replace#NONE} and {@link Replace#SCOPES} only: the scopes outside the batch keep their knowledge,
 * so their versions cannot change. Empty when the general path must decide instead: a (key, date) twice in the batch
 * (rows must be grouped first), or a version to open whose values neither the batch nor a current version of its key
 * carries. Rows and markers to reject never get here: the caller leaves those batches to the general path, whose
 * validation says why.
 */
final class SmallWrite {

    /** Where the values of a version to open come from: a staged batch row, or a current version of the same key. */
    enum Source {
        BATCH_ROW,
        VERSION
    }

    /** A staged batch row (its scope, key, date and value_hash), by its rowid in the staging table. */
    record Row(long scope, long key, LocalDate date, String hash, long rid) {}

    /** A filing marker, by its rowid; in key mode its key is its scope. */
    record Marker(long scope, long key, LocalDate date, long rid) {}

    /** A current filing (complete mode). */
    record Filing(long scope, LocalDate date, long rid) {}

    /** A current assertion; {@code hash} is null for a tombstone (key mode). */
    record Assertion(long scope, long key, LocalDate date, String hash, long rid) {}

    /** A current version; {@code to} is null for "until further notice". */
    record Version(long scope, long key, LocalDate from, LocalDate to, String hash, long rid) {}

    /** A version to open: its values and value_hash from {@code source} row {@code rid}, with its business interval. */
    record Opening(Source source, long rid, LocalDate from, LocalDate to) {}

    /**
     * What to write: companion rows to close (rowids) and to open (assertions from batch rows, tombstones from
     * markers, filings from one batch row or marker each), versions to close and to open.
     */
    record Plan(
            List<Long> closeAssertions,
            List<Long> assertionRows,
            List<Long> tombstoneMarkers,
            List<Long> closeFilings,
            List<Long> filingRows,
            List<Long> filingMarkers,
            List<Long> closeVersions,
            List<Opening> openVersions) {

        boolean knowledgeChanges() {
            return !closeAssertions.isEmpty()
                    || !assertionRows.isEmpty()
                    || !tombstoneMarkers.isEmpty()
                    || !closeFilings.isEmpty()
                    || !filingRows.isEmpty()
                    || !filingMarkers.isEmpty();
        }

        boolean versionsChange() {
            return !closeVersions.isEmpty() || !openVersions.isEmpty();
        }

        /** The rows the plan inserts into the three tables. */
        long rowsInserted() {
            return (long) assertionRows.size()
                    + tombstoneMarkers.size()
                    + filingRows.size()
                    + filingMarkers.size()
                    + openVersions.size();
        }
    }

    /** A state of a key in a filing: the value_hash, or null for a tombstone. */
    private record Entry(String hash, long rid, boolean fromMarker) {}

    private record Identity(long key, LocalDate from, LocalDate to, String hash) {}

    private SmallWrite() {}

    static Optional<Plan> plan(
            boolean completeMode,
            Replace replace,
            List<Row> rows,
            List<Marker> markers,
            List<Filing> filings,
            List<Assertion> assertions,
            List<Version> versions) {
        if (replace == Replace.ALL) {
            throw new IllegalArgumentException("a small write replaces no more than its own scopes");
        }
        // the batch's filings: scope -> date -> key -> state (a marker makes an empty filing, in key mode a tombstone)
        Map<Long, TreeMap<LocalDate, Map<Long, Entry>>> batch = new HashMap<>();
        for (Row row : rows) {
            Entry before = batch.computeIfAbsent(row.scope(), s -> new TreeMap<>())
                    .computeIfAbsent(row.date(), d -> new HashMap<>())
                    .put(row.key(), new Entry(row.hash(), row.rid(), false));
            if (before != null) {
                return Optional.empty(); // a (key, date) twice: the general path groups and validates the rows
            }
        }
        Map<Long, Map<LocalDate, Long>> markerOf = new HashMap<>();
        for (Marker marker : markers) {
            Map<Long, Entry> filing = batch.computeIfAbsent(marker.scope(), s -> new TreeMap<>())
                    .computeIfAbsent(marker.date(), d -> new HashMap<>());
            markerOf.computeIfAbsent(marker.scope(), s -> new HashMap<>()).putIfAbsent(marker.date(), marker.rid());
            if (!completeMode) {
                filing.putIfAbsent(marker.key(), new Entry(null, marker.rid(), true));
            }
        }
        // the current knowledge of those scopes
        Map<Long, TreeMap<LocalDate, Map<Long, Entry>>> known = new HashMap<>();
        Map<Long, Map<LocalDate, Long>> filingRid = new HashMap<>();
        for (Filing filing : filings) {
            known.computeIfAbsent(filing.scope(), s -> new TreeMap<>())
                    .computeIfAbsent(filing.date(), d -> new HashMap<>());
            filingRid.computeIfAbsent(filing.scope(), s -> new HashMap<>()).put(filing.date(), filing.rid());
        }
        for (Assertion a : assertions) {
            known.computeIfAbsent(a.scope(), s -> new TreeMap<>())
                    .computeIfAbsent(a.date(), d -> new HashMap<>())
                    .put(a.key(), new Entry(a.hash(), a.rid(), false));
        }
        Map<Long, List<Version>> current = new HashMap<>();
        for (Version v : versions) {
            current.computeIfAbsent(v.scope(), s -> new ArrayList<>()).add(v);
        }

        List<Long> closeAssertions = new ArrayList<>();
        List<Long> assertionRows = new ArrayList<>();
        List<Long> tombstones = new ArrayList<>();
        List<Long> closeFilings = new ArrayList<>();
        List<Long> filingRows = new ArrayList<>();
        List<Long> filingMarkers = new ArrayList<>();
        List<Long> closeVersions = new ArrayList<>();
        List<Opening> openVersions = new ArrayList<>();
        for (Map.Entry<Long, TreeMap<LocalDate, Map<Long, Entry>>> scoped : batch.entrySet()) {
            long scope = scoped.getKey();
            TreeMap<LocalDate, Map<Long, Entry>> before = known.getOrDefault(scope, new TreeMap<>());
            TreeMap<LocalDate, Map<Long, Entry>> after = new TreeMap<>(replace == Replace.SCOPES ? Map.of() : before);
            after.putAll(scoped.getValue());
            // the knowledge difference, (date, key) by (date, key)
            Set<LocalDate> dates = new TreeSet<>(before.keySet());
            dates.addAll(after.keySet());
            for (LocalDate date : dates) {
                Map<Long, Entry> old = before.getOrDefault(date, Map.of());
                Map<Long, Entry> now = after.getOrDefault(date, Map.of());
                for (Map.Entry<Long, Entry> e : old.entrySet()) {
                    Entry replacement = now.get(e.getKey());
                    if (replacement == null
                            || !Objects.equals(replacement.hash(), e.getValue().hash())) {
                        closeAssertions.add(e.getValue().rid());
                    }
                }
                for (Map.Entry<Long, Entry> e : now.entrySet()) {
                    Entry was = old.get(e.getKey());
                    if (was == null || !Objects.equals(was.hash(), e.getValue().hash())) {
                        (e.getValue().fromMarker() ? tombstones : assertionRows)
                                .add(e.getValue().rid());
                    }
                }
                if (completeMode) {
                    boolean filedBefore = before.containsKey(date);
                    boolean filedAfter = after.containsKey(date);
                    if (filedBefore && !filedAfter) {
                        Long rid = filingRid.getOrDefault(scope, Map.of()).get(date);
                        if (rid == null) {
                            return Optional.empty(); // an assertion without its filing: the general path's concern
                        }
                        closeFilings.add(rid);
                    } else if (!filedBefore && filedAfter) {
                        Map<Long, Entry> filing = after.get(date);
                        if (filing.isEmpty()) {
                            filingMarkers.add(markerOf.get(scope).get(date));
                        } else {
                            filingRows.add(filing.values().iterator().next().rid());
                        }
                    }
                }
            }
            // the timeline of the new knowledge against the current versions of the scope
            Set<Identity> next = timeline(after);
            Map<Identity, Version> now = new HashMap<>();
            Map<List<Object>, Long> valuesOf = new HashMap<>();
            for (Version v : current.getOrDefault(scope, List.of())) {
                Identity id = new Identity(v.key(), v.from(), v.to(), v.hash());
                now.put(id, v);
                valuesOf.putIfAbsent(List.of(v.key(), v.hash()), v.rid());
                if (!next.contains(id)) {
                    closeVersions.add(v.rid());
                }
            }
            for (Identity id : next) {
                if (now.containsKey(id)) {
                    continue;
                }
                Entry first = after.get(id.from()).get(id.key());
                if (!first.fromMarker()
                        && scoped.getValue().containsKey(id.from())
                        && scoped.getValue().get(id.from()).get(id.key()) == first) {
                    openVersions.add(new Opening(Source.BATCH_ROW, first.rid(), id.from(), id.to()));
                } else if (valuesOf.containsKey(List.of(id.key(), id.hash()))) {
                    openVersions.add(new Opening(
                            Source.VERSION, valuesOf.get(List.of(id.key(), id.hash())), id.from(), id.to()));
                } else {
                    return Optional.empty(); // values coming back from a closed version: the general path finds them
                }
            }
        }
        return Optional.of(new Plan(
                closeAssertions,
                assertionRows,
                tombstones,
                closeFilings,
                filingRows,
                filingMarkers,
                closeVersions,
                openVersions));
    }

    /**
     * timeline(KB) of one scope: per key, its state on each filing date of the scope in order, maximal runs of one
     * value_hash, ended by the next filing date (none: until further notice); a date that does not list the key (or
     * a tombstone) ends a run and starts none.
     */
    private static Set<Identity> timeline(TreeMap<LocalDate, Map<Long, Entry>> knowledge) {
        Set<Long> keys = new HashSet<>();
        knowledge.values().forEach(f -> keys.addAll(f.keySet()));
        Set<Identity> versions = new HashSet<>();
        for (long key : keys) {
            String open = null;
            LocalDate from = null;
            for (Map.Entry<LocalDate, Map<Long, Entry>> filing : knowledge.entrySet()) {
                Entry entry = filing.getValue().get(key);
                String state = entry == null ? null : entry.hash();
                if (open != null && open.equals(state)) {
                    continue;
                }
                if (open != null) {
                    versions.add(new Identity(key, from, filing.getKey(), open));
                }
                open = state;
                from = state == null ? null : filing.getKey();
            }
            if (open != null) {
                versions.add(new Identity(key, from, null, open));
            }
        }
        return versions;
    }
}
