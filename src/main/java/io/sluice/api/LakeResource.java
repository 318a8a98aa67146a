package io.sluice.api;

import io.sluice.lake.LakeTables;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.RunService;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestResponse;

/** The lake's tables: listings, as-of reads and what a run changed. */
@Path("/api/lake/tables")
@Tag(name = "Lake")
@Produces(MediaType.APPLICATION_JSON)
public class LakeResource {

    private final LakeTables tables;
    private final RunService runs;

    public LakeResource(LakeTables tables, RunService runs) {
        this.tables = tables;
        this.runs = runs;
    }

    @Operation(
            operationId = "listLakeTables",
            summary = "List the lake's tables",
            description =
                    "Every table in the lake with its columns and their types, the columns a read by key filters on, "
                            + "how it is written and its last write.")
    @APIResponse(responseCode = "200", description = "The tables.")
    @APIResponse(responseCode = "406", description = "The request accepts no JSON answer.")
    @APIResponse(responseCode = "503", description = "This node runs without the lake: ask the node that holds it.")
    @GET
    public List<LakeTables.TableInfo> list() {
        return tables.tables();
    }

    @Operation(
            operationId = "getLakeTable",
            summary = "Show a lake table",
            description =
                    "A table of the lake with its columns and their types (its schema), the columns a read by key "
                            + "filters on, how it is written and its last write.")
    @Parameter(
            name = "name",
            in = ParameterIn.PATH,
            description = "The lake table's name, as listed by GET /api/lake/tables.")
    @APIResponse(responseCode = "200", description = "The table.")
    @APIResponse(responseCode = "404", description = "The lake has no table with this name.")
    @APIResponse(responseCode = "503", description = "This node runs without the lake: ask the node that holds it.")
    @GET
    @Path("/{name}")
    public LakeTables.TableInfo get(@PathParam("name") String name) {
        return tables.table(name).orElseThrow(() -> RequestRejected.notFound("name", "no lake table '" + name + "'"));
    }

    @Operation(
            operationId = "listLakeTableRows",
            summary = "Read a lake table's rows as of a time",
            description =
                    "The table's rows as they were valid on a business date and as they were known at a system time "
                            + "(both default to now), optionally for one key, a page at a time in the table's row order "
                            + "(its key columns; a bi-temporal table's versions of a key by valid_from, then system_from). "
                            + "Pages are read by keyset: the Link header gives the next and previous pages (rel=\"next\", "
                            + "rel=\"prev\") with their cursor in after= or before=.")
    @Parameter(
            name = "name",
            in = ParameterIn.PATH,
            description = "The lake table's name, as listed by GET /api/lake/tables.")
    @Parameter(
            name = "businessDate",
            in = ParameterIn.QUERY,
            description = "The business date the rows are valid on, like 2021-06-30.",
            schema = @Schema(type = SchemaType.STRING, format = "date"))
    @Parameter(
            name = "systemTime",
            in = ParameterIn.QUERY,
            description = "The time the rows were known at, like 2025-01-01T00:00:00Z: what the lake said then.",
            schema = @Schema(type = SchemaType.STRING, format = "date-time"))
    @Parameter(
            name = "key",
            in = ParameterIn.QUERY,
            description = "Only the rows of this key: values of the table's keyColumns, comma separated.")
    @Parameter(
            name = "limit",
            in = ParameterIn.QUERY,
            description = ApiDocument.LIMIT + " From 1 to 1000.",
            schema =
                    @Schema(
                            type = SchemaType.INTEGER,
                            format = "int32",
                            minimum = "1",
                            maximum = "1000",
                            defaultValue = "100"))
    @Parameter(
            name = "after",
            in = ParameterIn.QUERY,
            description = "A cursor from a Link header: the page after the row it names.")
    @Parameter(
            name = "before",
            in = ParameterIn.QUERY,
            description = "A cursor from a Link header: the page before the row it names.")
    @APIResponse(
            responseCode = "200",
            description = "The rows, each an object keyed by column name; Link names the pages beside it.")
    @APIResponse(
            responseCode = "400",
            description = "businessDate, systemTime or limit is not written as it must be, or after or before is not "
                    + "a cursor.")
    @APIResponse(responseCode = "404", description = "The lake has no table with this name.")
    @APIResponse(
            responseCode = "422",
            description =
                    "A value is out of range, both after and before are given, or the table cannot be read that way.")
    @APIResponse(responseCode = "503", description = "This node runs without the lake: ask the node that holds it.")
    @GET
    @Path("/{name}/rows")
    public RestResponse<List<Map<String, Object>>> rows(
            @PathParam("name") String name,
            @QueryParam("businessDate") String businessDate,
            @QueryParam("systemTime") String systemTime,
            @QueryParam("key") String key,
            @QueryParam("limit") @DefaultValue("100") String limit,
            @QueryParam("after") String after,
            @QueryParam("before") String before,
            @Context UriInfo uri) {
        get(name);
        int max = Params.between("limit", limit, 1, 1000);
        if (!blank(after) && !blank(before)) {
            throw RequestRejected.invalid("before", "give at most one of after and before");
        }
        Optional<LakeTables.Position> position = !blank(after)
                ? Optional.of(LakeTables.Position.after(after.trim()))
                : !blank(before) ? Optional.of(LakeTables.Position.before(before.trim())) : Optional.empty();
        Optional<LocalDate> b =
                blank(businessDate) ? Optional.empty() : Optional.of(Params.date("businessDate", businessDate));
        Optional<Instant> t =
                blank(systemTime) ? Optional.empty() : Optional.of(Params.instant("systemTime", systemTime));
        LakeTables.Page page;
        try {
            page = tables.rows(name, b, t, blank(key) ? Optional.empty() : Optional.of(key), max, position);
        } catch (LakeTables.UnsupportedRead e) {
            boolean cursor = e.parameter().equals("after") || e.parameter().equals("before");
            throw cursor
                    ? RequestRejected.malformed(e.parameter(), e.getMessage())
                    : RequestRejected.invalid(e.parameter(), e.getMessage());
        }
        RestResponse.ResponseBuilder<List<Map<String, Object>>> answer = RestResponse.ResponseBuilder.ok(page.rows());
        page.next().ifPresent(c -> answer.header(NextLink.HEADER, NextLink.link(uri, "after", c, "before", "next")));
        page.previous()
                .ifPresent(c -> answer.header(NextLink.HEADER, NextLink.link(uri, "before", c, "after", "prev")));
        return answer.build();
    }

    @Operation(
            operationId = "listLakeTableChanges",
            summary = "Show what a run changed in a lake table",
            description = "The rows a run inserted, updated and closed in the table.")
    @Parameter(
            name = "name",
            in = ParameterIn.PATH,
            description = "The lake table's name, as listed by GET /api/lake/tables.")
    @Parameter(
            name = "run",
            in = ParameterIn.QUERY,
            required = true,
            description = "The id of the run whose changes to show, or " + ApiDocument.SHORT_ID + ".")
    @Parameter(
            name = "limit",
            in = ParameterIn.QUERY,
            description = ApiDocument.LIMIT + " From 1 to 10000.",
            schema =
                    @Schema(
                            type = SchemaType.INTEGER,
                            format = "int32",
                            minimum = "1",
                            maximum = "10000",
                            defaultValue = "1000"))
    @APIResponse(responseCode = "200", description = "The run's changes.")
    @APIResponse(responseCode = "400", description = "limit is not a whole number.")
    @APIResponse(responseCode = "404", description = "The lake has no table with this name, or no run has this id.")
    @APIResponse(
            responseCode = "422",
            description = "run is missing, limit is out of range, or the table cannot be read that way.")
    @APIResponse(responseCode = "503", description = "This node runs without the lake: ask the node that holds it.")
    @GET
    @Path("/{name}/changes")
    public LakeTables.Changes changes(
            @PathParam("name") String name,
            @QueryParam("run") String run,
            @QueryParam("limit") @DefaultValue("1000") String limit) {
        get(name);
        if (blank(run)) {
            throw RequestRejected.invalid("run", "give the run whose changes to show: ?run=RUN_ID");
        }
        String id;
        try {
            id = runs.get(run.trim()).id(); // the whole id, or the one that ends with what was given
        } catch (RequestRejected.NotFound e) {
            throw RequestRejected.notFound("run", e.getMessage());
        } catch (RequestRejected.Invalid e) {
            throw RequestRejected.ambiguous("run", e.getMessage(), e.candidates());
        }
        int max = Params.between("limit", limit, 1, 10_000);
        return unsupportedAsBadRequest(() -> tables.changes(name, id, max));
    }

    private static <T> T unsupportedAsBadRequest(Supplier<T> read) {
        try {
            return read.get();
        } catch (LakeTables.UnsupportedRead e) {
            throw RequestRejected.invalid(e.parameter(), e.getMessage());
        }
    }

    private static boolean blank(String text) {
        return text == null || text.isBlank();
    }
}
