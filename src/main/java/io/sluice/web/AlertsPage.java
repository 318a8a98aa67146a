package io.sluice.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.sluice.alerts.deliver.Channel;
import io.sluice.alerts.watch.AlertRules;
import io.sluice.alerts.watch.AlertStore;
import io.sluice.app.AlertCommands;
import io.sluice.app.AlertList;
import io.sluice.app.Cursor;
import io.sluice.app.ListPage;
import io.sluice.app.PageRequest;
import io.sluice.identity.Caller;
import io.sluice.identity.NotAllowed;
import io.sluice.identity.RequestCaller;
import io.sluice.lists.ListFilters;
import io.sluice.runs.RequestRejected;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;
import jakarta.ws.rs.core.UriInfo;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Alerting at a glance: the notifications by delivery status, the rules in force (switched on or off, edited and reset
 * with forms that post and redirect back, as {@code PUT/DELETE /api/alerts/rules/...} do), and the notifications,
 * newest first, filtered by status and rule and paged by cursor like the audit log.
 */
@Path("/alerts")
@Produces(MediaType.TEXT_HTML)
public class AlertsPage {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(
                Counts counts,
                List<AlertRuleRow> rules,
                List<String> channels,
                List<String> statuses,
                Filter filter,
                List<AlertNotificationRow> notifications,
                String next,
                String newest,
                String refresh,
                String changed,
                String error,
                String errorRule,
                String listError);
    }

    static final int PAGE = 50;

    /** The query parameters of the page's address: the filters, and how many notifications a page shows. */
    static final List<String> ADDRESS = List.of("status", "rule", "limit");

    /** How many notifications wait for delivery, were sent, and were given up. */
    public record Counts(long pending, long sent, long failed) {

        static final Counts NONE = new Counts(0, 0, 0);

        static Counts of(Map<String, Long> byStatus) {
            return new Counts(
                    byStatus.getOrDefault("PENDING", 0L),
                    byStatus.getOrDefault("SENT", 0L),
                    byStatus.getOrDefault("FAILED", 0L));
        }
    }

    /** The notifications' filters as typed, shown again in the form. */
    public record Filter(String status, String rule) {}

    private final AlertList list;
    private final AlertCommands commands;
    private final RequestCaller caller;

    public AlertsPage(AlertList list, AlertCommands commands, RequestCaller caller) {
        this.list = list;
        this.commands = commands;
        this.caller = caller;
    }

    @GET
    public Response page(@Context UriInfo uri) {
        Function<String, String> param = p -> uri.getQueryParameters().getFirst(p);
        String changed = param.apply("changed");
        Caller who = caller.get();
        List<AlertRuleRow> rules = rules(who);
        String shown = rules.stream().anyMatch(r -> r.name().equals(changed)) ? changed : null;
        Filter filter = new Filter(typed(param.apply("status")), typed(param.apply("rule")));
        ListPage<AlertStore.Stored> page;
        try {
            int limit = DataPageParams.between("limit", param.apply("limit"), 1, PageRequest.MAX_LIMIT, PAGE);
            page = list.page(
                    who,
                    PageRequest.after(limit, param.apply(Cursor.PARAMETER)),
                    Optional.ofNullable(param.apply("status")),
                    Optional.ofNullable(param.apply("rule")));
        } catch (RequestRejected e) {
            return Response.status(PageForms.status(e))
                    .entity(Templates.page(
                            Counts.of(list.counts(who)),
                            rules,
                            channels(who),
                            AlertList.STATUSES,
                            filter,
                            List.of(),
                            null,
                            null,
                            null,
                            shown,
                            null,
                            null,
                            e.getMessage()))
                    .build();
        }
        ListAddress address = ListAddress.of("/alerts", ADDRESS, param);
        List<AlertNotificationRow> rows =
                page.items().stream().map(AlertNotificationRow::of).toList();
        String next = page.next().map(address::at).orElse(null);
        String newest = ListFilters.given(param, Cursor.PARAMETER).isEmpty() ? null : address.first();
        return Response.ok(Templates.page(
                        Counts.of(list.counts(who)),
                        rules,
                        channels(who),
                        AlertList.STATUSES,
                        filter,
                        rows,
                        next,
                        newest,
                        newest == null ? address.first() : null,
                        shown,
                        null,
                        null,
                        null))
                .build();
    }

    /** Switches a rule on ({@code enabled=true}) or off ({@code enabled=false}). */
    @POST
    @Path("rules/{name}/switch")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response switchRule(@PathParam("name") String name, byte[] body, @Context HttpHeaders headers) {
        return act(name, () -> {
            Map<String, List<String>> form = PageForms.read(body, headers, null);
            String enabled = PageForms.first(form, "enabled").map(String::strip).orElse("");
            if (!enabled.equals("true") && !enabled.equals("false")) {
                throw RequestRejected.invalid("enabled", "enabled is true or false");
            }
            commands.edit(
                    PageForms.caller(caller),
                    name,
                    new AlertRules.Change(
                            Optional.of(Boolean.valueOf(enabled)),
                            Optional.empty(),
                            Optional.empty(),
                            Optional.empty(),
                            Optional.empty(),
                            Optional.empty()));
        });
    }

    /**
     * Edits a rule's channels (a checkbox each, {@code channels} repeated), window ({@code windowMinutes}), assets and
     * groups (comma lists; both empty: every asset). A field not sent keeps its value.
     */
    @POST
    @Path("rules/{name}/edit")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response edit(@PathParam("name") String name, byte[] body, @Context HttpHeaders headers) {
        return act(name, () -> {
            Map<String, List<String>> form = PageForms.read(body, headers, "channels");
            Optional<List<String>> channels = Optional.ofNullable(form.get("channels"));
            if (channels.isEmpty() && PageForms.first(form, "channelsShown").isPresent()) {
                channels = Optional.of(List.of()); // every box unticked: refused below, with its sentence
            }
            commands.edit(
                    PageForms.caller(caller),
                    name,
                    new AlertRules.Change(
                            Optional.empty(),
                            Optional.empty(),
                            PageForms.first(form, "assets").map(AlertsPage::commaList),
                            PageForms.first(form, "groups").map(AlertsPage::commaList),
                            channels,
                            PageForms.first(form, "windowMinutes").map(AlertsPage::window)));
        });
    }

    /** Drops the rule's run-time edit: it is again as the code declares it. */
    @POST
    @Path("rules/{name}/reset")
    public Response reset(@PathParam("name") String name, @Context HttpHeaders headers) {
        return act(name, () -> commands.reset(PageForms.caller(caller), name));
    }

    private Response act(String name, Runnable action) {
        try {
            action.run();
        } catch (RequestRejected | NotAllowed e) {
            return refused(name, e);
        }
        return Response.seeOther(UriBuilder.fromPath("/alerts")
                        .queryParam("changed", name)
                        .build())
                .build();
    }

    private Response refused(String name, RuntimeException e) {
        List<AlertRuleRow> rules;
        Counts counts;
        List<String> channels;
        List<AlertNotificationRow> rows;
        String next;
        try {
            Caller who = caller.get();
            rules = rules(who);
            counts = Counts.of(list.counts(who));
            channels = channels(who);
            ListPage<AlertStore.Stored> page =
                    list.page(who, PageRequest.after(PAGE, null), Optional.empty(), Optional.empty());
            rows = page.items().stream().map(AlertNotificationRow::of).toList();
            next = page.next()
                    .map(ListAddress.of("/alerts", ADDRESS, p -> null)::at)
                    .orElse(null);
        } catch (RuntimeException unreadable) {
            // a caller that may not even read (or cannot act at all): the sentence alone
            rules = List.of();
            counts = Counts.NONE;
            channels = List.of();
            rows = List.of();
            next = null;
        }
        boolean known = rules.stream().anyMatch(r -> r.name().equals(name));
        return Response.status(PageForms.status(e))
                .entity(Templates.page(
                        counts,
                        rules,
                        channels,
                        AlertList.STATUSES,
                        new Filter("", ""),
                        rows,
                        next,
                        null,
                        null,
                        null,
                        sentence(e.getMessage()),
                        known ? name : null,
                        null))
                .build();
    }

    private List<AlertRuleRow> rules(Caller who) {
        return list.rules(who).stream().map(AlertRuleRow::of).toList();
    }

    private List<String> channels(Caller who) {
        return list.channels(who).stream().map(Channel::name).sorted().toList();
    }

    private static List<String> commaList(String text) {
        return Arrays.stream(text.split(","))
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .toList();
    }

    private static Duration window(String text) {
        try {
            return AlertRules.windowOfMinutes(Long.parseLong(text.strip()));
        } catch (NumberFormatException e) {
            throw RequestRejected.invalid(
                    "windowMinutes",
                    "the window is a whole number of minutes, not '" + text.replaceAll("\\p{Cntrl}", "\uFFFD") + "'");
        }
    }

    /** A refusal's message as a sentence: ending in a full stop, before the page's "Nothing was changed." */
    private static String sentence(String message) {
        String m = message == null ? "" : message.strip();
        return m.isEmpty() || m.endsWith(".") || m.endsWith("?") || m.endsWith("!") ? m : m + ".";
    }

    private static String typed(String s) {
        return s == null ? "" : s.strip().replaceAll("\\p{Cntrl}", "\uFFFD");
    }
}
