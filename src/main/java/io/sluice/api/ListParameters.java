package io.sluice.api;

import io.sluice.app.Cursor;
import io.sluice.app.PageRequest;
import jakarta.ws.rs.QueryParam;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * The paging parameters of every list ({@code @BeanParam}): {@code limit} and {@code cursor}, described once for the
 * OpenAPI document. Lists are read by keyset, never by offset: the next page's address is the response's {@code Link}
 * header ({@link NextLink}).
 */
public class ListParameters {

    static final String CURSOR = "Where the page starts: the cursor of the Link header's next address (rel=\"next\"),"
            + " passed on as it is; absent for the first, newest page. The cursor is opaque: one that this list did"
            + " not give is a 400.";

    @QueryParam("limit")
    @Parameter(
            description = "How many items to answer at most, from 1 to 500; by default 50 (the audit trail: 200).",
            schema = @Schema(type = SchemaType.INTEGER, format = "int32", minimum = "1", maximum = "500"))
    String limit;

    @QueryParam(Cursor.PARAMETER)
    @Parameter(description = CURSOR, schema = @Schema(type = SchemaType.STRING))
    String cursor;

    /**
     * The page these parameters ask for, of {@code fallback} items when no limit is given; a limit not written as a
     * whole number or out of range is refused.
     */
    PageRequest page(int fallback) {
        int size = limit == null ? fallback : Params.between("limit", limit, 1, PageRequest.MAX_LIMIT);
        return PageRequest.after(size, cursor);
    }
}
