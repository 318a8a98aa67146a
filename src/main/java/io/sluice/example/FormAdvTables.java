package io.sluice.example;

/** Lake table names of the example pipeline. */
final class FormAdvTables {
    static final String EXTRACT = "extract_form_adv_filings";
    static final String RAW = "raw_form_adv_filings";
    static final String FIRM_IDENTITY = "form_adv_firm_identity";
    static final String FIRM_OWNERSHIP = "form_adv_firm_ownership";

    private FormAdvTables() {
    }
}
