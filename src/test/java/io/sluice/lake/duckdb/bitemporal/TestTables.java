package io.sluice.lake.duckdb.bitemporal;

import io.sluice.lake.bitemporal.BitemporalTable;
import java.util.List;

/**
 * The table shapes the properties run on: key mode with two value columns, complete mode by firm, and both again with
 * a two-column key (key mode) and column names that the engine's own statements could mistake for theirs ({@code tag},
 * {@code h}, {@code rid}, {@code t}, ...; only {@code sluice_*} and the version columns are reserved).
 */
enum TestTables {
    KEY_MODE(BitemporalTable.of("firms", List.of("firm"), List.of("name", "city"), "filing_date")),
    COMPLETE_MODE(BitemporalTable.of("owners", List.of("firm", "owner"), List.of("pct"), "filing_date")
            .withCompleteBy(List.of("firm"))),
    KEY_MODE_AWKWARD_NAMES(BitemporalTable.of("awk_keys", List.of("tag", "rid"), List.of("h", "d1"), "filing_date")),
    COMPLETE_MODE_AWKWARD_NAMES(BitemporalTable.of("awk_owners", List.of("h", "tag"), List.of("t"), "filing_date")
            .withCompleteBy(List.of("h")));

    final BitemporalTable table;

    TestTables(BitemporalTable table) {
        this.table = table;
    }

    int keySize() {
        return table.keyColumns().size();
    }

    int scopeSize() {
        return table.scopeColumns().size();
    }

    int valueSize() {
        return table.valueColumns().size();
    }

    ReferenceModel model() {
        return new ReferenceModel(scopeSize());
    }
}
