package io.sluice.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.logging.Level;
import org.jboss.logmanager.ExtLogRecord;
import org.jboss.logmanager.formatters.PatternFormatter;
import org.junit.jupiter.api.Test;

/** What the console handler prints of a record the filter let through, with the format Sluice's console uses. */
class LogEscapeFilterTest {

    private static final PatternFormatter CONSOLE =
            new PatternFormatter("%d{yyyy-MM-dd HH:mm:ss,SSS} %-5p [%c{2.}] %s%e%n");

    private static String printed(ExtLogRecord record) {
        assertThat(new LogEscapeFilter().isLoggable(record)).isTrue();
        return CONSOLE.format(record);
    }

    private static ExtLogRecord record(String format, Object... parameters) {
        ExtLogRecord record = new ExtLogRecord(Level.INFO, format, ExtLogRecord.FormatStyle.PRINTF, "test");
        record.setLoggerName("io.sluice.run");
        record.setParameters(parameters);
        return record;
    }

    @Test
    void userTextCannotForgeALogLine() {
        String reason = "x\n20:22:00 ERROR [io.sl.security] admin password reset";
        String printed = printed(record("[run %s] started: %s", "r1", reason));
        assertThat(printed.lines()).hasSize(1);
        assertThat(printed).contains("started: x\\n20:22:00 ERROR [io.sl.security] admin password reset");
        assertThat(printed(record("name %s", "al\u202eice\r\u0000")))
                .contains("al\\u202eice\\r\\u0000")
                .hasLineCount(1);
    }

    @Test
    void anExceptionsMessageIsEscapedAndItsStackTraceKept() {
        ExtLogRecord record = record("failed");
        IllegalStateException cause = new IllegalStateException("inner\nFAKE LINE");
        record.setThrown(new RuntimeException("outer\r\nFORGED", cause));
        String printed = printed(record);
        assertThat(printed)
                .contains("java.lang.RuntimeException: outer\\r\\nFORGED")
                .contains("Caused by: java.lang.IllegalStateException: inner\\nFAKE LINE")
                .contains("at io.sluice.ops.LogEscapeFilterTest.anExceptionsMessageIsEscapedAndItsStackTraceKept");
        assertThat(printed.lines()).noneMatch(line -> line.startsWith("FORGED") || line.startsWith("FAKE LINE"));
    }

    @Test
    void plainLinesAndExceptionsAreLeftAsTheyAre() {
        ExtLogRecord record = record("published %s: %d rows", "raw_orders", 3);
        RuntimeException plain = new RuntimeException("plain");
        record.setThrown(plain);
        printed(record);
        assertThat(record.getFormattedMessage()).isEqualTo("published raw_orders: 3 rows");
        assertThat(record.getThrown()).isSameAs(plain);
        StringWriter trace = new StringWriter();
        plain.printStackTrace(new PrintWriter(trace));
        assertThat(trace.toString()).startsWith("java.lang.RuntimeException: plain");
    }
}
