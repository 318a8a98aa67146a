package io.sluice.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The queries of docs/mcp.md's sample session, which {@link McpServerTest} runs: the document shows them verbatim. */
class McpSamples {

    static final String SHARE_PER_SYSTEM_VERSION = """
            SELECT system_from, count(*) AS row_count,
                   round(count(*) * 1.0 / sum(count(*)) OVER (), 4) AS share
            FROM form_adv_firm_ownership
            GROUP BY system_from
            ORDER BY system_from""";

    static final String GAPS_BY_VALUE_CHANGE = """
            WITH v AS (
              SELECT crd_number, owner_key, valid_from, value_hash,
                     lag(valid_to) OVER w AS previous_to,
                     lag(value_hash) OVER w AS previous_hash
              FROM form_adv_firm_ownership
              WHERE system_to IS NULL
              WINDOW w AS (PARTITION BY crd_number, owner_key ORDER BY valid_from))
            SELECT CASE WHEN value_hash = previous_hash THEN 'same value' ELSE 'value changed' END AS across_gap,
                   count(*) AS gaps, min(valid_from - previous_to) AS shortest_days,
                   max(valid_from - previous_to) AS longest_days
            FROM v
            WHERE previous_to IS NOT NULL AND valid_from > previous_to
            GROUP BY 1
            ORDER BY 1""";

    @Test
    void theDocumentShowsTheQueriesTheTestRuns() throws Exception {
        String doc = Files.readString(Path.of("docs/mcp.md"));
        assertThat(doc).contains(SHARE_PER_SYSTEM_VERSION).contains(GAPS_BY_VALUE_CHANGE);
    }
}
