package io.sluice.lake.duckdb.bitemporal;

import io.sluice.lake.bitemporal.Replace;
import io.sluice.testing.Draw;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Random histories on a tiny domain (3 firms, 3 owners, 6 filing dates, values with NULL, "\N" and "|"), so that
 * late filings, corrections, repeats, owners leaving and returning, empty filings and tombstones are frequent.
 */
final class Histories {

    record History(TestTables shape, List<TestBatch> batches) {}

    static final List<LocalDate> DATES = List.of(
            LocalDate.of(2020, 1, 1),
            LocalDate.of(2021, 1, 1),
            LocalDate.of(2022, 1, 1),
            LocalDate.of(2023, 1, 1),
            LocalDate.of(2024, 1, 1),
            LocalDate.of(2025, 1, 1));

    private Histories() {}

    /** Valid and invalid batches (8 to 2) with every replace mode, some of them repeats of earlier batches. */
    static History histories(Draw d) {
        TestTables shape = d.of(TestTables.values());
        List<TestBatch> batches = d.listOf(1, 7, () -> d.weighted(8, 2) == 0 ? valid(d, shape) : invalid(d, shape));
        List<Integer> picks = d.listOf(batches.size(), batches.size(), () -> d.between(0, 99));
        return new History(shape, withRepeats(batches, picks));
    }

    /** Valid batches whose filings are pairwise disjoint, all with replace=none. */
    static History disjointHistories(Draw d) {
        TestTables shape = d.of(TestTables.values());
        List<TestBatch> batches = d.listOf(2, 4, () -> valid(d, shape).withReplace(Replace.NONE));
        return new History(shape, disjoint(shape, batches));
    }

    /** Up to 6 rows (a few of them repeated identically) and 2 markers; replace none, scopes or all (6 to 2 to 1). */
    static TestBatch valid(Draw d, TestTables shape) {
        List<TestBatch.Row> rows = d.listOf(0, 6, () -> row(d, shape));
        List<TestBatch.Marker> markers = d.listOf(0, 2, () -> marker(d, shape));
        Replace replace = List.of(Replace.NONE, Replace.SCOPES, Replace.ALL).get(d.weighted(6, 2, 1));
        int dup = d.between(0, 9);
        return new TestBatch(withDuplicate(unique(rows), dup), markers, replace);
    }

    static TestBatch invalid(Draw d, TestTables shape) {
        TestBatch batch = valid(d, shape);
        TestBatch.Row extra = row(d, shape);
        TestBatch.Marker mark = marker(d, shape);
        return corrupt(batch, extra, mark, d.between(0, 4));
    }

    /** Values among A, B, "a|b" and "\N", NULL in 15 of 100. */
    private static TestBatch.Row row(Draw d, TestTables shape) {
        List<String> key = key(d, shape);
        List<String> values = d.listOf(
                shape.valueSize(), shape.valueSize(), () -> d.orNull(0.15, () -> d.of("A", "B", "a|b", "\\N")));
        return new TestBatch.Row(key, values, d.of(DATES));
    }

    private static TestBatch.Marker marker(Draw d, TestTables shape) {
        List<String> key = key(d, shape);
        return new TestBatch.Marker(List.copyOf(key.subList(0, shape.scopeSize())), d.of(DATES));
    }

    private static List<String> key(Draw d, TestTables shape) {
        String firm = d.of("F1", "F2", "F'3");
        return shape.keySize() == 1 ? List.of(firm) : List.of(firm, d.of("O1", "O2", "O3"));
    }

    private static List<TestBatch.Row> unique(List<TestBatch.Row> rows) {
        Set<List<Object>> seen = new HashSet<>();
        List<TestBatch.Row> out = new ArrayList<>();
        for (TestBatch.Row r : rows) {
            if (seen.add(List.of(r.key(), r.date()))) {
                out.add(r);
            }
        }
        return out;
    }

    /** Sometimes repeats a row identically: identical duplicates are de-duplicated, not rejected. */
    private static List<TestBatch.Row> withDuplicate(List<TestBatch.Row> rows, int dice) {
        if (rows.isEmpty() || dice > 2) {
            return rows;
        }
        List<TestBatch.Row> out = new ArrayList<>(rows);
        out.add(rows.get(dice % rows.size()));
        return out;
    }

    private static TestBatch corrupt(TestBatch batch, TestBatch.Row extra, TestBatch.Marker mark, int kind) {
        List<TestBatch.Row> rows = new ArrayList<>(batch.rows());
        List<TestBatch.Marker> markers = new ArrayList<>(batch.markers());
        switch (kind) {
            case 0 -> {
                List<String> key = new ArrayList<>(extra.key());
                key.set(key.size() - 1, null);
                rows.add(new TestBatch.Row(key, extra.values(), extra.date()));
            }
            case 1 -> rows.add(new TestBatch.Row(extra.key(), extra.values(), null));
            case 2 ->
                markers.add(new TestBatch.Marker(
                        Arrays.asList(new String[mark.scope().size()]), mark.date()));
            case 3 -> markers.add(new TestBatch.Marker(mark.scope(), null));
            default -> {
                TestBatch.Row base = rows.isEmpty() ? extra : rows.get(0);
                List<String> other = new ArrayList<>(base.values());
                other.set(0, "Z".equals(other.get(0)) ? "Y" : "Z");
                rows.add(base);
                rows.add(new TestBatch.Row(base.key(), other, base.date()));
            }
        }
        return new TestBatch(rows, markers, batch.replace());
    }

    private static List<TestBatch> withRepeats(List<TestBatch> batches, List<Integer> picks) {
        List<TestBatch> out = new ArrayList<>(batches);
        for (int i = 1; i < out.size(); i++) {
            if (picks.get(i) < 25) {
                out.set(i, out.get(picks.get(i) % i));
            }
        }
        return out;
    }

    /** Drops from each batch the filings an earlier batch already has, so that no two batches share a filing. */
    private static List<TestBatch> disjoint(TestTables shape, List<TestBatch> batches) {
        Set<ReferenceModel.Filing> taken = new HashSet<>();
        List<TestBatch> out = new ArrayList<>();
        for (TestBatch b : batches) {
            Set<ReferenceModel.Filing> mine = new HashSet<>();
            List<TestBatch.Row> rows = new ArrayList<>();
            for (TestBatch.Row r : b.rows()) {
                ReferenceModel.Filing f = new ReferenceModel.Filing(r.key().subList(0, shape.scopeSize()), r.date());
                if (!taken.contains(f)) {
                    mine.add(f);
                    rows.add(r);
                }
            }
            List<TestBatch.Marker> markers = new ArrayList<>();
            for (TestBatch.Marker m : b.markers()) {
                ReferenceModel.Filing f = new ReferenceModel.Filing(m.scope(), m.date());
                if (!taken.contains(f)) {
                    mine.add(f);
                    markers.add(m);
                }
            }
            taken.addAll(mine);
            out.add(new TestBatch(rows, markers, Replace.NONE));
        }
        return out;
    }
}
