package io.sluice.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.sluice.app.PoolCommands;
import io.sluice.identity.NotAllowed;
import io.sluice.identity.RequestCaller;
import io.sluice.pools.PoolService;
import io.sluice.pools.PoolUsage;
import io.sluice.runs.RequestRejected;
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
import jakarta.ws.rs.core.UriBuilder;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Concurrency pools: each pool the assets declare or that has a limit, its limit and the runs it has executing; forms
 * set and remove a limit (post, then redirect back), as {@code PUT/DELETE /api/pools/{name}} do.
 */
@Path("/pools")
@Produces(MediaType.TEXT_HTML)
public class PoolsPage {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(List<PoolRow> pools, String changed, String error, String errorPool);
    }

    private final PoolService pools;
    private final PoolUsage usage;
    private final RequestCaller caller;
    private final PoolCommands commands;

    public PoolsPage(PoolService pools, PoolUsage usage, RequestCaller caller, PoolCommands commands) {
        this.commands = commands;
        this.caller = caller;
        this.pools = pools;
        this.usage = usage;
    }

    @GET
    public TemplateInstance page(@QueryParam("changed") String changed) {
        List<PoolRow> rows = rows();
        String shown = rows.stream().anyMatch(r -> r.name().equals(changed)) ? changed : null;
        return Templates.page(rows, shown, null, null);
    }

    List<PoolRow> rows() {
        Map<String, Integer> limits = pools.limits();
        Map<String, List<String>> assets = usage.assetsByPool();
        Map<String, Integer> running = usage.running();
        TreeSet<String> names = new TreeSet<>(limits.keySet());
        names.addAll(assets.keySet());
        return names.stream()
                .map(n -> new PoolRow(n, assets.getOrDefault(n, List.of()), limits.get(n), running.getOrDefault(n, 0)))
                .toList();
    }

    /** Sets the pool's limit; {@code allowUndeclared=true} (the "another pool" form) for a pool no asset declares yet. */
    @POST
    @Path("{name}/limit")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response set(@PathParam("name") String name, byte[] body, @Context HttpHeaders headers) {
        return act(name, () -> {
            Map<String, List<String>> form = PageForms.read(body, headers, null);
            Integer limit = limit(PageForms.first(form, "limit").orElse(""));
            boolean undeclared = PageForms.first(form, "allowUndeclared")
                    .filter("true"::equals)
                    .isPresent();
            String reason =
                    PageForms.first(form, "reason").filter(r -> !r.isBlank()).orElse(null);
            commands.setLimit(PageForms.caller(caller), name, limit, undeclared, reason);
        });
    }

    /** The "another pool" form names the pool in a field. */
    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response setNamed(byte[] body, @Context HttpHeaders headers) {
        Map<String, List<String>> form;
        try {
            form = PageForms.read(body, headers, null);
        } catch (RequestRejected e) {
            return refused(null, e);
        }
        String name = PageForms.first(form, "name").map(String::trim).orElse("");
        return act(name, () -> {
            Integer limit = limit(PageForms.first(form, "limit").orElse(""));
            String reason =
                    PageForms.first(form, "reason").filter(r -> !r.isBlank()).orElse(null);
            commands.setLimit(PageForms.caller(caller), name, limit, true, reason);
        });
    }

    @POST
    @Path("{name}/remove")
    public Response remove(@PathParam("name") String name, @Context HttpHeaders headers) {
        return act(name, () -> commands.removeLimit(PageForms.caller(caller), name));
    }

    private Response act(String name, Runnable action) {
        try {
            action.run();
        } catch (RequestRejected | NotAllowed e) {
            return refused(name, e);
        }
        return Response.seeOther(UriBuilder.fromPath("/pools")
                        .queryParam("changed", name)
                        .build())
                .build();
    }

    private Response refused(String name, RuntimeException e) {
        return Response.status(PageForms.status(e))
                .entity(Templates.page(rows(), null, e.getMessage(), name))
                .build();
    }

    private static Integer limit(String text) {
        try {
            return Integer.valueOf(text.trim());
        } catch (NumberFormatException e) {
            throw RequestRejected.invalid(
                    "limit",
                    "the limit must be a whole number from 1 to 10,000, not '" + text.replaceAll("\\p{Cntrl}", "\uFFFD")
                            + "'");
        }
    }
}
