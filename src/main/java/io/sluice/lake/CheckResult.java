package io.sluice.lake;

import java.util.List;
import java.util.Map;

/** The outcome of one check of one write: observed value, threshold and a sample of violating rows. */
public record CheckResult(
        String name,
        AssetCheck.Severity severity,
        boolean passed,
        String observed,
        String threshold,
        List<Map<String, Object>> sample,
        String message) {

    public CheckResult {
        sample = sample == null ? List.of() : List.copyOf(sample);
    }

    public boolean blocksPublish() {
        return !passed && severity == AssetCheck.Severity.ERROR;
    }
}
