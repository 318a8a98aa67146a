package io.sluice.example;

import io.sluice.catalog.PartitionRange;
import io.sluice.partitions.TimeWindowPartitions;
import java.time.LocalDate;

/** Lake table names and the partitions of the example pipeline. */
final class FormAdvTables {
    static final String EXTRACT = "extract_form_adv_filings";
    static final String RAW = "raw_form_adv_filings";
    static final String FIRM_IDENTITY = "form_adv_firm_identity";
    static final String FIRM_OWNERSHIP = "form_adv_firm_ownership";
    static final String OWNERSHIP_SCORECARD = "form_adv_ownership_scorecard";

    /** Filing days: one partition per day since Form ADV went electronic (keys {@code yyyy-MM-dd}, UTC). */
    static final TimeWindowPartitions FILING_DAYS = TimeWindowPartitions.daily(LocalDate.of(2001, 1, 1));

    private FormAdvTables() {}

    /** The filing dates {@code [from, to)} of a range of filing days. */
    record Window(LocalDate from, LocalDate to) {
        static Window of(PartitionRange range) {
            return new Window(
                    LocalDate.parse(range.first()),
                    LocalDate.parse(range.last()).plusDays(1));
        }
    }
}
