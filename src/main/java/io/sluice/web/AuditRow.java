package io.sluice.web;

import io.sluice.audit.AuditEvent;
import io.sluice.runs.RunIds;
import java.util.Arrays;
import java.util.List;

/** One event of the audit log page. */
public record AuditRow(
        long id,
        String time,
        String timeIso,
        String actor,
        String action,
        String runId,
        String shortRun,
        String backfillId,
        String shortBackfill,
        List<String> assets,
        String reason,
        String detail) {

    /** Longer than the page shows at first: the rest is folded. */
    static final int SHORT_DETAIL = 200;

    /** The detail as the page shows it unfolded, cut at {@value #SHORT_DETAIL} characters. */
    public String detailShort() {
        return detail.length() <= SHORT_DETAIL ? detail : detail.substring(0, SHORT_DETAIL) + "…";
    }

    public boolean detailFolded() {
        return detail.length() > SHORT_DETAIL;
    }

    static AuditRow of(AuditEvent e) {
        return new AuditRow(
                e.id(),
                Format.time(e.ts()),
                Format.iso(e.ts()),
                e.actor(),
                e.action().name(),
                e.runId(),
                e.runId() == null ? null : RunIds.shortForm(e.runId()),
                e.backfillId(),
                e.backfillId() == null ? null : RunIds.shortForm(e.backfillId()),
                e.assets() == null || e.assets().isBlank()
                        ? List.of()
                        : Arrays.stream(e.assets().split(",")).map(String::trim).toList(),
                e.reason(),
                AuditCsv.detail(e.detail()));
    }
}
