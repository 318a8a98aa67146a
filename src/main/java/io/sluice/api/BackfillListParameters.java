package io.sluice.api;

import io.sluice.backfill.BackfillStatus;
import jakarta.ws.rs.QueryParam;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * The filter parameters of {@code GET /api/backfills} ({@code @BeanParam}), the backfills page's filters
 * ({@code BackfillFilter.PARAMETERS}), read by {@code BackfillList.filter} as the page reads them.
 */
public class BackfillListParameters {

    @QueryParam("status")
    @Parameter(description = "Only backfills in this status.", schema = @Schema(implementation = BackfillStatus.class))
    String status;
}
