package io.sluice.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.sluice.app.PartitionCommands;
import io.sluice.identity.Action;
import io.sluice.identity.Caller;
import io.sluice.identity.NotAllowed;
import io.sluice.identity.RequestCaller;
import io.sluice.runs.DynamicPartitionService;
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
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Dynamic partitions: each set with its keys, a form to add keys and one to remove the ticked ones. Removing asks for
 * a confirmation first (a page that names exactly the keys; works without JavaScript), then posts and redirects.
 */
@Path("/partitions")
@Produces(MediaType.TEXT_HTML)
public class PartitionsPage {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(List<PartitionSetRow> sets, String changed, String error, String errorSet);

        static native TemplateInstance confirm(String name, String segment, List<String> keys, String reason);
    }

    private final DynamicPartitionService partitions;
    private final RequestCaller caller;
    private final PartitionCommands commands;

    public PartitionsPage(DynamicPartitionService partitions, RequestCaller caller, PartitionCommands commands) {
        this.commands = commands;
        this.caller = caller;
        this.partitions = partitions;
    }

    @GET
    public TemplateInstance page(@QueryParam("changed") String changed) {
        List<PartitionSetRow> sets = sets();
        String shown = sets.stream().anyMatch(s -> s.name().equals(changed)) ? changed : null;
        return Templates.page(sets, shown, null, null);
    }

    private List<PartitionSetRow> sets() {
        return partitions.names().stream()
                .map(n -> PartitionSetRow.of(n, partitions.keys(n)))
                .toList();
    }

    /** Adds the keys typed (comma or line separated). */
    @POST
    @Path("{name}/add")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response add(@PathParam("name") String name, byte[] body, @Context HttpHeaders headers) {
        try {
            Caller by = PageForms.caller(caller);
            Map<String, List<String>> form = PageForms.read(body, headers, null);
            List<String> keys = split(PageForms.first(form, "keys").orElse(""));
            commands.addKeys(by, name, keys, reason(form));
        } catch (RequestRejected | NotAllowed e) {
            return refused(name, e);
        }
        return done(name);
    }

    /**
     * Removes the ticked keys ({@code key}, repeated) once {@code confirm=yes} is sent; without it, answers the
     * confirmation page, which changes nothing.
     */
    @POST
    @Path("{name}/remove")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response remove(@PathParam("name") String name, byte[] body, @Context HttpHeaders headers) {
        try {
            Caller by = PageForms.caller(caller);
            by.require(Action.REMOVE_PARTITIONS); // before the form is read: a viewer learns only that
            Map<String, List<String>> form = PageForms.read(body, headers, "key");
            List<String> keys = form.getOrDefault("key", List.of());
            if (keys.isEmpty()) {
                throw RequestRejected.invalid("keys", "tick at least one key to remove");
            }
            if (!partitions.names().contains(name)) {
                partitions.keys(name); // the service's not-found refusal, naming the set
            }
            String reason = reason(form);
            if (PageForms.first(form, "confirm").filter("yes"::equals).isEmpty()) {
                return Response.ok(Templates.confirm(
                                name, PartitionSetRow.segment(name), keys, reason == null ? "" : reason))
                        .build();
            }
            commands.removeKeys(by, name, keys, reason);
        } catch (RequestRejected | NotAllowed e) {
            return refused(name, e);
        }
        return done(name);
    }

    private static String reason(Map<String, List<String>> form) {
        return PageForms.first(form, "reason").filter(r -> !r.isBlank()).orElse(null);
    }

    /** Keys typed in one field: separated by commas or line breaks, blanks around them dropped, empty ones skipped. */
    static List<String> split(String text) {
        return Arrays.stream(text.split("[,\\r\\n]+"))
                .map(String::strip)
                .filter(k -> !k.isEmpty())
                .toList();
    }

    private static Response done(String name) {
        return Response.seeOther(UriBuilder.fromPath("/partitions")
                        .queryParam("changed", name)
                        .build())
                .build();
    }

    private Response refused(String name, RuntimeException e) {
        return Response.status(PageForms.status(e))
                .entity(Templates.page(sets(), null, e.getMessage(), name.replaceAll("\\p{Cntrl}", "\uFFFD")))
                .build();
    }
}
