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
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/** The lake's tables: listings, as-of reads and what a run changed. */
@Path("/api/lake/tables")
@Produces(MediaType.APPLICATION_JSON)
public class LakeResource {

    private final LakeTables tables;
    private final RunService runs;

    public LakeResource(LakeTables tables, RunService runs) {
        this.tables = tables;
        this.runs = runs;
    }

    @GET
    public List<LakeTables.TableInfo> list() {
        return tables.tables();
    }

    @GET
    @Path("/{name}")
    public LakeTables.TableInfo get(@PathParam("name") String name) {
        return tables.table(name).orElseThrow(() -> RequestRejected.notFound("name", "no lake table '" + name + "'"));
    }

    @GET
    @Path("/{name}/rows")
    public List<Map<String, Object>> rows(@PathParam("name") String name, @QueryParam("businessDate") String businessDate,
                                          @QueryParam("systemTime") String systemTime, @QueryParam("key") String key,
                                          @QueryParam("limit") @DefaultValue("100") String limit,
                                          @QueryParam("offset") @DefaultValue("0") String offset) {
        get(name);
        int max = Params.between("limit", limit, 1, 1000);
        int skip = Params.between("offset", offset, 0, Integer.MAX_VALUE);
        Optional<LocalDate> b = blank(businessDate) ? Optional.empty() : Optional.of(Params.date("businessDate", businessDate));
        Optional<Instant> t = blank(systemTime) ? Optional.empty() : Optional.of(Params.instant("systemTime", systemTime));
        return unsupportedAsBadRequest(() -> tables.rows(name, b, t, blank(key) ? Optional.empty() : Optional.of(key), max, skip));
    }

    @GET
    @Path("/{name}/changes")
    public LakeTables.Changes changes(@PathParam("name") String name, @QueryParam("run") String run,
                                      @QueryParam("limit") @DefaultValue("1000") String limit) {
        get(name);
        if (blank(run)) {
            throw RequestRejected.invalid("run", "give the run whose changes to show: ?run=RUN_ID");
        }
        String id = run.trim();
        try {
            runs.get(id);
        } catch (RequestRejected.NotFound e) {
            throw RequestRejected.notFound("run", e.getMessage());
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
