package io.sluice.lake.bitemporal;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Random histories on a tiny domain (3 firms, 3 owners, 6 filing dates, values with NULL, "\N" and "|"), so that
 * late filings, corrections, repeats, owners leaving and returning, empty filings and tombstones are frequent.
 */
final class Histories {

    record History(TestTables shape, List<TestBatch> batches) {
    }

    static final List<LocalDate> DATES = List.of(LocalDate.of(2020, 1, 1), LocalDate.of(2021, 1, 1),
            LocalDate.of(2022, 1, 1), LocalDate.of(2023, 1, 1), LocalDate.of(2024, 1, 1), LocalDate.of(2025, 1, 1));

    private Histories() {
    }

    /** Valid and invalid batches with every replace mode, some of them repeats of earlier batches. */
    static Arbitrary<History> histories() {
        return Arbitraries.of(TestTables.values()).flatMap(shape -> {
            Arbitrary<TestBatch> step = Arbitraries.frequencyOf(
                    Tuple.of(8, valid(shape)), Tuple.of(2, invalid(shape)));
            return step.list().ofMinSize(1).ofMaxSize(7).flatMap(batches ->
                    Arbitraries.integers().between(0, 99).list().ofSize(batches.size())
                            .map(picks -> new History(shape, withRepeats(batches, picks))));
        });
    }

    /** Valid batches whose filings are pairwise disjoint, all with replace=none. */
    static Arbitrary<History> disjointHistories() {
        return Arbitraries.of(TestTables.values()).flatMap(shape ->
                valid(shape).map(b -> b.withReplace(Replace.NONE)).list().ofMinSize(2).ofMaxSize(4)
                        .map(batches -> new History(shape, disjoint(shape, batches))));
    }

    static Arbitrary<TestBatch> valid(TestTables shape) {
        Arbitrary<Replace> replace = Arbitraries.frequency(
                Tuple.of(6, Replace.NONE), Tuple.of(2, Replace.SCOPES), Tuple.of(1, Replace.ALL));
        return Combinators.combine(row(shape).list().ofMaxSize(6), marker(shape).list().ofMaxSize(2), replace,
                        Arbitraries.integers().between(0, 9))
                .as((rows, markers, r, dup) -> new TestBatch(withDuplicate(unique(rows), dup), markers, r));
    }

    static Arbitrary<TestBatch> invalid(TestTables shape) {
        return Combinators.combine(valid(shape), row(shape), marker(shape), Arbitraries.integers().between(0, 4))
                .as((batch, extra, mark, kind) -> corrupt(batch, extra, mark, kind));
    }

    private static Arbitrary<TestBatch.Row> row(TestTables shape) {
        Arbitrary<String> value = Arbitraries.of("A", "B", "a|b", "\\N").injectNull(0.15);
        return Combinators.combine(key(shape), value.list().ofSize(shape.valueSize()), Arbitraries.of(DATES))
                .as(TestBatch.Row::new);
    }

    private static Arbitrary<TestBatch.Marker> marker(TestTables shape) {
        return Combinators.combine(key(shape), Arbitraries.of(DATES))
                .as((key, date) -> new TestBatch.Marker(List.copyOf(key.subList(0, shape.scopeSize())), date));
    }

    private static Arbitrary<List<String>> key(TestTables shape) {
        Arbitrary<String> firm = Arbitraries.of("F1", "F2", "F'3");
        Arbitrary<String> owner = Arbitraries.of("O1", "O2", "O3");
        return shape.keySize() == 1 ? firm.map(List::of) : Combinators.combine(firm, owner).as(List::of);
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
            case 2 -> markers.add(new TestBatch.Marker(Arrays.asList(new String[mark.scope().size()]), mark.date()));
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
