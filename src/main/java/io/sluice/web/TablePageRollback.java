package io.sluice.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.sluice.app.RollbackCommands;
import io.sluice.automation.TriggerPolicy;
import io.sluice.automation.trigger.TriggerOverview;
import io.sluice.catalog.AssetKey;
import io.sluice.identity.Caller;
import io.sluice.identity.NotAllowed;
import io.sluice.identity.RequestCaller;
import io.sluice.lake.LakeTables;
import io.sluice.lake.RollbackTarget;
import io.sluice.runs.AssetService;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.Run;
import io.sluice.runs.RunIds;
import io.sluice.runs.RunService;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Rolling a lake table back to what a run left ({@code ?toRun=}) or to just before it ({@code ?beforeRun=}: undoing it):
 * a confirmation page that says what will change (the publish restored, the publishes undone and brought back, the
 * current rows before and after, the asset's incremental state) and what happens downstream, then, with a reason, the
 * rollback run (launched by the request's caller, as the API resolves it), and a redirect to its run page.
 */
@Path("/data/{table}/rollback")
@Produces(MediaType.TEXT_HTML)
public class TablePageRollback {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(TablePageRollbackView view);
    }

    private final LakeTables tables;
    private final RunService runs;
    private final AssetService assets;
    private final TriggerOverview triggers;
    private final RequestCaller caller;
    private final RollbackCommands rollbacks;

    public TablePageRollback(
            LakeTables tables,
            RunService runs,
            AssetService assets,
            TriggerOverview triggers,
            RequestCaller caller,
            RollbackCommands rollbacks) {
        this.rollbacks = rollbacks;
        this.caller = caller;
        this.tables = tables;
        this.runs = runs;
        this.assets = assets;
        this.triggers = triggers;
    }

    @GET
    public Response confirm(
            @PathParam("table") String name,
            @QueryParam("toRun") String toRun,
            @QueryParam("beforeRun") String beforeRun) {
        Optional<LakeTables.TableInfo> info = tables.table(name);
        if (info.isEmpty()) {
            return TablePage.missing(name);
        }
        boolean undo = beforeRun != null && (toRun == null || toRun.isBlank());
        return view(info.get(), undo ? "beforeRun" : "toRun", undo ? beforeRun : toRun, "", null, null, 200);
    }

    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response rollback(@PathParam("table") String name, byte[] body, @Context HttpHeaders headers) {
        Optional<LakeTables.TableInfo> info = tables.table(name);
        if (info.isEmpty()) {
            return TablePage.missing(name);
        }
        Map<String, List<String>> fields = FormBody.parse(body, FormBody.charset(headers.getMediaType()));
        boolean undo = fields.containsKey("beforeRun") && !fields.containsKey("toRun");
        String runField = undo ? "beforeRun" : "toRun";
        String toRun = single(fields, runField);
        String reason = single(fields, "reason");
        for (Map.Entry<String, List<String>> f : fields.entrySet()) {
            if (f.getValue().size() > 1) {
                return view(
                        info.get(),
                        runField,
                        toRun,
                        reason,
                        f.getKey(),
                        "the field " + f.getKey() + " was sent " + f.getValue().size() + " times; send it once",
                        422);
            }
        }
        try {
            Caller by = PageForms.caller(caller);
            String run = DataPageParams.text(runField, toRun)
                    .orElseThrow(() -> RequestRejected.invalid(runField, "say which run's state to go back to"));
            if (info.get().asset() == null) {
                throw RequestRejected.invalid(
                        "table", "no asset declares table " + info.get().name() + ", so there is nothing to roll back");
            }
            Run started = rollbacks.rollback(
                    by, AssetKey.parse(info.get().asset()), target(runField, run), Optional.empty(), reason);
            return Response.seeOther(URI.create("/runs/" + started.id())).build();
        } catch (RequestRejected e) {
            return view(info.get(), runField, toRun, reason, e.field(), e.getMessage(), PageForms.status(e));
        } catch (NotAllowed e) {
            return view(info.get(), runField, toRun, reason, null, e.getMessage(), PageForms.status(e));
        }
    }

    private static RollbackTarget target(String runField, String run) {
        return "beforeRun".equals(runField) ? RollbackTarget.beforeRun(run) : RollbackTarget.toRun(run);
    }

    private Response view(
            LakeTables.TableInfo info,
            String runField,
            String toRun,
            String reason,
            String field,
            String error,
            int status) {
        DataPageRow table = DataPageRow.of(info);
        TablePageRollbackView.Preview preview = null;
        String shownRun = TablePage.shown(toRun);
        try {
            Optional<String> run = DataPageParams.text(runField, toRun);
            if (run.isEmpty()) {
                throw RequestRejected.invalid(
                        runField,
                        "say which run's state to go back to (?toRun=RUN_ID) or which run to undo (?beforeRun=RUN_ID)");
            }
            try {
                runs.get(run.get());
            } catch (RequestRejected.NotFound e) {
                throw RequestRejected.notFound(runField, "no run with id '" + run.get() + "'");
            }
            LakeTables.RollbackPreview p =
                    rollbacks.preview(PageForms.caller(caller), info.name(), target(runField, run.get()));
            AssetKey asset = AssetKey.parse(info.asset());
            preview = TablePageRollbackView.Preview.of(
                    p,
                    assets.keyed(asset),
                    assets.rollbackDownstream(asset, p.changedSince()),
                    d -> triggers.policy(d).map(TriggerPolicy::describe).orElse(""),
                    triggers.enabled());
        } catch (LakeTables.UnsupportedRead e) {
            field = field == null ? "table" : field;
            error = error == null ? e.getMessage() : error;
            status = status == 200 ? 422 : status;
        } catch (RequestRejected e) {
            field = field == null ? e.field() : field;
            error = error == null ? e.getMessage() : error;
            status = status == 200 ? (e instanceof RequestRejected.NotFound ? 404 : 422) : status;
        } catch (NotAllowed e) {
            error = error == null ? e.getMessage() : error;
            status = status == 200 ? PageForms.status(e) : status;
        }
        return Response.status(status)
                .entity(Templates.page(new TablePageRollbackView(
                        table,
                        runField,
                        shownRun,
                        shownRun.isEmpty() ? "" : RunIds.shortForm(shownRun),
                        preview,
                        TablePage.shown(reason),
                        field,
                        error)))
                .build();
    }

    private static String single(Map<String, List<String>> fields, String name) {
        List<String> values = fields.get(name);
        return values == null || values.isEmpty() ? null : values.get(0);
    }
}
