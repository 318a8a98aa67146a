package io.sluice.api;

import io.sluice.alerts.AlertCause;
import io.sluice.alerts.AlertRule;
import io.sluice.alerts.watch.AlertRules;
import io.sluice.alerts.watch.AlertStore;
import io.sluice.app.AlertCommands;
import io.sluice.app.AlertList;
import io.sluice.app.PageRequest;
import io.sluice.identity.RequestCaller;
import io.sluice.runs.RequestRejected;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestResponse;

/** Alerting: the notifications sent or due (the outbox), the rules in force and their run-time edits, the channels. */
@Path("/api/alerts")
@Tag(name = "Alerts")
@Produces(MediaType.APPLICATION_JSON)
public class AlertResource {

    /** One notification to one channel. */
    public record NotificationDto(
            long id,
            String rule,
            String channel,

            @Schema(description = "What happened: RUN_FAILED, BACKFILL_FINISHED, FRESHNESS_VIOLATED, ...")
            String cause,

            @Schema(description = "The asset, or for what concerns none its subject (\"node n1\").")
            String scope,

            @Schema(description = "FIRING or RESOLVED.") String kind,
            String title,
            String text,

            @Schema(description = "Incidents suppressed by the rule's window since the last notification.")
            long suppressed,

            @Schema(description = "When it happened.") Instant at,

            @Schema(description = "PENDING (due or being retried), SENT or FAILED (given up).")
            String delivery,

            int attempts,
            Instant createdAt,
            Instant sentAt,

            @Schema(description = "The last failed attempt's sentence; it names the channel, never its URL.")
            String lastError) {

        static NotificationDto of(AlertStore.Stored s) {
            var n = s.notification();
            return new NotificationDto(
                    s.id(),
                    n.rule(),
                    s.channel(),
                    n.cause().name(),
                    n.asset(),
                    n.kind().name(),
                    n.title(),
                    n.text(),
                    n.suppressed(),
                    n.at(),
                    s.status(),
                    s.attempts(),
                    s.createdAt(),
                    s.sentAt().orElse(null),
                    s.lastError().orElse(null));
        }
    }

    /** A rule as in force. */
    public record RuleDto(
            String name,
            List<String> causes,

            @Schema(description = "Asset keys watched; with groups empty too: every asset.")
            List<String> assets,

            List<String> groups,
            List<String> channels,

            @Schema(description = "At most one notification per asset and cause within this many minutes.")
            long windowMinutes,

            @Schema(description = "For RUN_TOO_LONG: the longest a run may run, in minutes.")
            Long maxDurationMinutes,

            boolean enabled,

            @Schema(description = "Whether a run-time edit is in force over the code's declaration.")
            boolean edited,

            String editedBy,
            Instant editedAt) {

        static RuleDto of(AlertRules.Effective e) {
            AlertRule r = e.rule();
            return new RuleDto(
                    r.name(),
                    r.causes().stream().map(Enum::name).sorted().toList(),
                    r.assets().assets().stream().sorted().toList(),
                    r.assets().groups().stream().sorted().toList(),
                    r.channels(),
                    r.window().toMinutes(),
                    r.maxDuration().map(Duration::toMinutes).orElse(null),
                    r.enabled(),
                    e.edit().isPresent(),
                    e.edit().map(AlertStore.RuleEdit::by).orElse(null),
                    e.edit().map(AlertStore.RuleEdit::at).orElse(null));
        }
    }

    /** What to change; a field left out keeps its value. */
    public record RuleEditBody(
            Boolean enabled,

            @Schema(description = "The causes watched, e.g. [\"RUN_FAILED\", \"FRESHNESS_VIOLATED\"].")
            List<String> causes,

            @Schema(description = "Asset keys; [] with groups [] watches every asset.")
            List<String> assets,

            List<String> groups,
            List<String> channels,
            @Schema(description = "0 to 10080 minutes.") Long windowMinutes) {}

    /** A channel: its name and type; never its URL or secret. */
    public record ChannelDto(
            String name,
            @Schema(description = "webhook or slack.") String type) {}

    private final AlertList list;
    private final AlertCommands commands;
    private final RequestCaller caller;

    public AlertResource(AlertList list, AlertCommands commands, RequestCaller caller) {
        this.list = list;
        this.commands = commands;
        this.caller = caller;
    }

    @Operation(
            operationId = "listNotifications",
            summary = "List the alert notifications, newest first",
            description = "Every notification, sent, due or given up, with its delivery's state. Paged by keyset: the"
                    + " Link header names the next page.")
    @Parameter(name = "status", description = "Only those whose delivery is PENDING, SENT or FAILED.")
    @Parameter(name = "rule", description = "Only this rule's.")
    @APIResponse(responseCode = "200", description = NextLink.DESCRIBED)
    @APIResponse(
            responseCode = "400",
            description = "A parameter is unknown, limit is not a number, or the cursor is not one this list gave.")
    @APIResponse(responseCode = "422", description = "limit is out of range, or status is not a delivery state.")
    @GET
    public RestResponse<List<NotificationDto>> list(
            @QueryParam("status") String status,
            @QueryParam("rule") String rule,
            @BeanParam ListParameters paging,
            @Context UriInfo uri) {
        PageRequest page = paging.page(PageRequest.DEFAULT_LIMIT);
        return NextLink.answer(
                list.page(caller.get(), page, Optional.ofNullable(status), Optional.ofNullable(rule)),
                NotificationDto::of,
                uri);
    }

    @Operation(
            operationId = "listAlertRules",
            summary = "List the alert rules",
            description = "Every rule as in force.")
    @APIResponse(responseCode = "200", description = "The rules, by name.")
    @GET
    @Path("/rules")
    public List<RuleDto> rules() {
        return list.rules(caller.get()).stream().map(RuleDto::of).toList();
    }

    @Operation(
            operationId = "listAlertChannels",
            summary = "List the channels",
            description = "The configured channels, by name and type; their URLs and secrets are never shown.")
    @APIResponse(responseCode = "200", description = "The channels.")
    @GET
    @Path("/channels")
    public List<ChannelDto> channels() {
        return list.channels(caller.get()).stream()
                .map(c -> new ChannelDto(c.name(), c.type().name().toLowerCase(Locale.ROOT)))
                .toList();
    }

    @Operation(
            operationId = "editAlertRule",
            summary = "Edit an alert rule",
            description = "Switches a rule on or off, or changes its assets, groups, channels or window. The edit is"
                    + " stored and audited, and wins over the code until the rule is reset.")
    @Parameter(name = "name", in = ParameterIn.PATH, description = "The rule's name.")
    @Parameter(
            name = RunResource.ACTOR_HEADER,
            in = ParameterIn.HEADER,
            description = ApiDocument.ACTOR,
            schema = @Schema(type = SchemaType.STRING))
    @RequestBody(required = true, description = "The fields to change.")
    @APIResponse(responseCode = "200", description = "The rule as now in force.")
    @APIResponse(responseCode = "400", description = "The body is missing or is not JSON of this shape.")
    @APIResponse(responseCode = "404", description = "No rule has this name.")
    @APIResponse(responseCode = "422", description = "An asset, channel or window is refused.")
    @PUT
    @Path("/rules/{name}")
    @Consumes(MediaType.APPLICATION_JSON)
    public RuleDto edit(@PathParam("name") String name, RuleEditBody body) {
        var by = caller.get();
        if (body == null) {
            throw RequestRejected.malformed(null, "request body is missing; send e.g. {\"enabled\": false}");
        }
        AlertRules.Change change = new AlertRules.Change(
                Optional.ofNullable(body.enabled()),
                Optional.ofNullable(body.causes()).map(l -> causes(RequestRejected.listWithoutNulls("causes", l))),
                Optional.ofNullable(body.assets()).map(l -> RequestRejected.listWithoutNulls("assets", l)),
                Optional.ofNullable(body.groups()).map(l -> RequestRejected.listWithoutNulls("groups", l)),
                Optional.ofNullable(body.channels()).map(l -> RequestRejected.listWithoutNulls("channels", l)),
                Optional.ofNullable(body.windowMinutes()).map(AlertRules::windowOfMinutes));
        return RuleDto.of(commands.edit(by, name, change));
    }

    private static java.util.Set<AlertCause> causes(List<String> names) {
        java.util.Set<AlertCause> out = java.util.EnumSet.noneOf(AlertCause.class);
        for (String name : names) {
            try {
                out.add(AlertCause.valueOf(name.strip().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw RequestRejected.invalid(
                        "causes",
                        "no cause is named '" + name + "'; causes: "
                                + String.join(
                                        ", ",
                                        java.util.Arrays.stream(AlertCause.values())
                                                .map(Enum::name)
                                                .toList()));
            }
        }
        if (out.isEmpty()) {
            throw RequestRejected.invalid("causes", "a rule watches at least one cause");
        }
        return out;
    }

    @Operation(
            operationId = "resetAlertRule",
            summary = "Reset an alert rule",
            description = "Drops the rule's run-time edit: it is again as the code declares it.")
    @Parameter(name = "name", in = ParameterIn.PATH, description = "The rule's name.")
    @Parameter(
            name = RunResource.ACTOR_HEADER,
            in = ParameterIn.HEADER,
            description = ApiDocument.ACTOR,
            schema = @Schema(type = SchemaType.STRING))
    @APIResponse(responseCode = "200", description = "The rule as declared.")
    @APIResponse(responseCode = "404", description = "No rule has this name.")
    @DELETE
    @Path("/rules/{name}/edit")
    public RuleDto reset(@PathParam("name") String name) {
        return RuleDto.of(commands.reset(caller.get(), name));
    }
}
