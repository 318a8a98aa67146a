package io.sluice.web;

import io.sluice.audit.AuditEvent;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** The audit log as RFC 4180 CSV: a header line, one record per event, CRLF line ends, fields quoted when they must be. */
final class AuditCsv {

    static final String HEADER = "id,time,actor,action,run,backfill,assets,reason,detail\r\n";

    private AuditCsv() {}

    static String record(AuditEvent e) {
        return List.of(
                                String.valueOf(e.id()),
                                e.ts() == null ? "" : e.ts().toString(),
                                nullToEmpty(e.actor()),
                                e.action().name(),
                                nullToEmpty(e.runId()),
                                nullToEmpty(e.backfillId()),
                                nullToEmpty(e.assets()),
                                nullToEmpty(e.reason()),
                                detail(e.detail()))
                        .stream()
                        .map(AuditCsv::field)
                        .collect(Collectors.joining(","))
                + "\r\n";
    }

    /**
     * A field as RFC 4180 writes it: in double quotes, its quotes doubled, when it holds a comma, a quote or a line break.
     * A value a spreadsheet would run as a formula (it starts with {@code = + - @}, a tab or a carriage return: a reason
     * typed as {@code =HYPERLINK(...)}) is written with a leading apostrophe, so that it opens as the text it is.
     */
    static String field(String raw) {
        String value = !raw.isEmpty() && "=+-@\t\r".indexOf(raw.charAt(0)) >= 0 ? "'" + raw : raw;
        if (value.indexOf(',') < 0 && value.indexOf('"') < 0 && value.indexOf('\n') < 0 && value.indexOf('\r') < 0) {
            return value;
        }
        return '"' + value.replace("\"", "\"\"") + '"';
    }

    /** The detail as {@code key=value} pairs in key order, separated by "; ". */
    static String detail(Map<String, Object> detail) {
        return new TreeMap<>(detail)
                .entrySet().stream()
                        .map(en -> en.getKey() + "=" + en.getValue())
                        .collect(Collectors.joining("; "));
    }

    private static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }
}
