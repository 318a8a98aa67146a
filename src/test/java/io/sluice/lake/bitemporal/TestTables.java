package io.sluice.lake.bitemporal;

import java.util.List;

/** The two table shapes the properties run on: key mode with two value columns, and complete mode by firm. */
enum TestTables {
    KEY_MODE(BitemporalTable.of("firms", List.of("firm"), List.of("name", "city"), "filing_date")),
    COMPLETE_MODE(BitemporalTable.of("owners", List.of("firm", "owner"), List.of("pct"), "filing_date")
            .withCompleteBy(List.of("firm")));

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
