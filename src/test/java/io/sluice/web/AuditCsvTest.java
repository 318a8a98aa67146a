package io.sluice.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AuditCsvTest {

    @Test
    void fieldsAreQuotedOnlyWhenTheyHoldACommaAQuoteOrALineBreak() {
        assertThat(AuditCsv.field("plain")).isEqualTo("plain");
        assertThat(AuditCsv.field("")).isEqualTo("");
        assertThat(AuditCsv.field("a,b")).isEqualTo("\"a,b\"");
        assertThat(AuditCsv.field("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
        assertThat(AuditCsv.field("two\nlines")).isEqualTo("\"two\nlines\"");
        assertThat(AuditCsv.field("cr\r")).isEqualTo("\"cr\r\"");
    }

    @Test
    void aValueASpreadsheetWouldRunAsAFormulaOpensAsText() {
        assertThat(AuditCsv.field("=HYPERLINK(\"http://evil\")")).isEqualTo("\"'=HYPERLINK(\"\"http://evil\"\")\"");
        assertThat(AuditCsv.field("+1")).isEqualTo("'+1");
        assertThat(AuditCsv.field("-2")).isEqualTo("'-2");
        assertThat(AuditCsv.field("@SUM(A1)")).isEqualTo("'@SUM(A1)");
        assertThat(AuditCsv.field("\tx")).isEqualTo("'\tx");
        assertThat(AuditCsv.field("a=b")).isEqualTo("a=b");
        assertThat(AuditCsv.field("2025-01-02T03:04:05Z")).isEqualTo("2025-01-02T03:04:05Z");
    }

    @Test
    void aRecordHasEveryColumnOfTheHeaderAndEndsWithCrlf() {
        AuditEvent e = new AuditEvent(
                7,
                Instant.parse("2025-01-02T03:04:05Z"),
                "alice",
                AuditAction.RUN_LAUNCHED,
                "run-1",
                "raw/a,raw/b",
                "because, \"really\"",
                Map.of("mode", "INCREMENTAL", "keys", 3),
                null);
        assertThat(AuditCsv.record(e))
                .isEqualTo("7,2025-01-02T03:04:05Z,alice,RUN_LAUNCHED,run-1,,\"raw/a,raw/b\","
                        + "\"because, \"\"really\"\"\",keys=3; mode=INCREMENTAL\r\n");
        assertThat(AuditCsv.HEADER.split(",")).hasSize(9);
    }
}
