package io.sluice.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetKey;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.ConfigSchema;
import io.sluice.catalog.KeyedAsset;
import io.sluice.runs.AssetService;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The launchpad at {@code /launch}: pick assets, a mode, partitions, keys and a run config (a form generated from the
 * config's JSON schema beside the raw JSON), preview exactly what will run, launch it as a run or a backfill. The
 * form posts to {@code /launch} (the page again with inline errors or a preview, or a 303 to the new run or
 * backfill); with JavaScript, htmx posts it to {@code /ui/launch} and swaps the answer in.
 */
@Path("/")
@Produces(MediaType.TEXT_HTML)
public class LaunchPage {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(LaunchView view);

        static native TemplateInstance page$result(LaunchResult result);

        static native TemplateInstance page$keys(List<String> keys);
    }

    private final AssetService assets;
    private final LaunchSubmission submission;
    private final ObjectMapper mapper;

    public LaunchPage(AssetService assets, LaunchSubmission submission, ObjectMapper mapper) {
        this.assets = assets;
        this.submission = submission;
        this.mapper = mapper;
    }

    /**
     * The launchpad, preselected from the query string: {@code ?asset=g/n&asset=...&mode=&from=&to=&keys=&partitions=
     * &reason=&config=&partitionsPerRun=&maxConcurrent=}.
     */
    @GET
    @Path("launch")
    public TemplateInstance page(
            @QueryParam("asset") List<String> asset,
            @QueryParam("mode") String mode,
            @QueryParam("from") String from,
            @QueryParam("to") String to,
            @QueryParam("keys") String keys,
            @QueryParam("partitions") String partitions,
            @QueryParam("reason") String reason,
            @QueryParam("config") String config,
            @QueryParam("partitionsPerRun") String partitionsPerRun,
            @QueryParam("maxConcurrent") String maxConcurrent) {
        Map<String, List<String>> fields = new LinkedHashMap<>();
        fields.put("asset", asset == null ? List.of() : asset);
        put(fields, "mode", mode);
        put(fields, "from", from);
        put(fields, "to", to);
        put(fields, "keys", keys);
        put(fields, "partitions", partitions);
        put(fields, "reason", reason);
        put(fields, "config", config);
        put(fields, "partitionsPerRun", partitionsPerRun);
        put(fields, "maxConcurrent", maxConcurrent);
        LaunchResult result = LaunchResult.NONE;
        Optional<String> unknown = fields.get("asset").stream()
                .filter(a -> assetKey(a).flatMap(assets::find).isEmpty())
                .findFirst();
        if (unknown.isPresent()) {
            result = LaunchResult.refused("asset", "no asset " + unknown.get() + " in the catalog");
        } else if (mode != null
                && !mode.isBlank()
                && !Set.of("INCREMENTAL", "FULL_REFRESH", "SINGLE_KEY").contains(mode)) {
            result = LaunchResult.refused("mode", "unknown mode " + mode + ": INCREMENTAL, FULL_REFRESH or SINGLE_KEY");
        }
        return Templates.page(view(fields, result));
    }

    /** The form posted without JavaScript: the page again (inline errors, or the preview), or a 303 to what it launched. */
    @POST
    @Path("launch")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response post(byte[] body, @Context HttpHeaders headers, @Context UriInfo uri) {
        Map<String, List<String>> fields = FormBody.parse(body, FormBody.charset(headers.getMediaType()));
        LaunchSubmission.Outcome outcome = submission.submit(fields, baseUrl(uri));
        if (outcome instanceof LaunchSubmission.LaunchedRun r) {
            return Response.seeOther(URI.create("/runs/" + r.run().id())).build();
        }
        if (outcome instanceof LaunchSubmission.LaunchedBackfill b) {
            return Response.seeOther(URI.create("/backfills/" + b.backfill().id()))
                    .build();
        }
        // a refusal answers the page with its message and the status the API would give it; a preview is a 200
        int status = outcome instanceof LaunchSubmission.Rejected r ? r.status() : 200;
        return Response.status(status)
                .entity(Templates.page(view(fields, LaunchResult.of(outcome))))
                .build();
    }

    /** The form posted by htmx: the answer alone, swapped in below the buttons. */
    @POST
    @Path("ui/launch")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response launch(byte[] body, @Context HttpHeaders headers, @Context UriInfo uri) {
        // read here, from the bytes, rather than by the framework's form reader, which threw on a malformed escape (a
        // 500), or as a String, which turned bytes that are not UTF-8 into U+FFFD
        Map<String, List<String>> fields = FormBody.parse(body, FormBody.charset(headers.getMediaType()));
        LaunchSubmission.Outcome outcome = submission.submit(fields, baseUrl(uri));
        // 200 for a refusal of what was typed, so that htmx swaps the message into the form; a caller whose roles do
        // not allow the launch gets the same message with 403, as from every other route (static/sluice.js swaps it
        // in too); the runs list and the backfills panel listen for "launched" and refresh at once
        int status = outcome instanceof LaunchSubmission.Rejected r && r.status() == 403 ? 403 : 200;
        Response.ResponseBuilder answer =
                Response.status(status).entity(Templates.page$result(LaunchResult.of(outcome)));
        return outcome instanceof LaunchSubmission.LaunchedRun || outcome instanceof LaunchSubmission.LaunchedBackfill
                ? answer.header("HX-Trigger", "launched").build()
                : answer.build();
    }

    @GET
    @Path("ui/keys")
    public TemplateInstance keys(@QueryParam("asset") List<String> selected, @QueryParam("keys") String typed) {
        String prefix =
                typed == null ? "" : typed.substring(typed.lastIndexOf(',') + 1).trim();
        // suggestions only: an asset name that does not parse or is unknown has none
        List<String> keys = selected == null
                ? List.of()
                : selected.stream()
                        .map(LaunchPage::assetKey)
                        .flatMap(Optional::stream)
                        .filter(k -> assets.find(k).orElse(null) instanceof KeyedAsset<?>)
                        .findFirst()
                        .map(k -> assets.keys(k, prefix, 20))
                        .orElse(List.of());
        return Templates.page$keys(keys);
    }

    static Optional<AssetKey> assetKey(String name) {
        try {
            return Optional.of(AssetKey.parse(name));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private LaunchView view(Map<String, List<String>> fields, LaunchResult result) {
        List<String> selected = fields.getOrDefault("asset", List.of());
        List<LaunchView.Choice> choices =
                assets.all().stream().map(a -> choice(a, selected)).toList();
        return new LaunchView(
                choices,
                choices.stream().anyMatch(LaunchView.Choice::partitioned),
                Optional.ofNullable(first(fields, "mode"))
                        .filter(m -> !m.isBlank())
                        .orElse("INCREMENTAL"),
                text(fields, "keys"),
                text(fields, "partitions"),
                text(fields, "from"),
                text(fields, "to"),
                text(fields, "reason"),
                text(fields, "config"),
                Optional.ofNullable(first(fields, "partitionsPerRun")).orElse("1"),
                Optional.ofNullable(first(fields, "maxConcurrent")).orElse("0"),
                result);
    }

    private LaunchView.Choice choice(Asset<?> a, List<String> selected) {
        AssetSpec<?> spec = a.spec();
        AssetKey key = spec.key();
        Map<String, Object> schema = ConfigSchema.of(spec.configType(), spec.defaultConfig());
        String json;
        try {
            json = mapper.writeValueAsString(schema);
        } catch (JsonProcessingException e) {
            json = "{}";
        }
        return new LaunchView.Choice(
                key.toString(),
                key.group(),
                key.pathAfterGroup(),
                Format.domId(key.toString()),
                spec.description() == null ? "" : spec.description(),
                a instanceof KeyedAsset<?>,
                spec.partitions().isPartitioned(),
                spec.partitions().isPartitioned() ? spec.partitions().describe() : "",
                assets.upstream(key).stream().sorted().map(AssetKey::toString).collect(Collectors.joining(", ")),
                selected.contains(key.toString()),
                ConfigField.of(key.toString(), schema),
                json);
    }

    private static String baseUrl(UriInfo uri) {
        String base = uri.getBaseUri().toString();
        return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    }

    private static void put(Map<String, List<String>> fields, String name, String value) {
        if (value != null) {
            fields.put(name, List.of(value));
        }
    }

    private static String first(Map<String, List<String>> fields, String name) {
        List<String> values = fields.get(name);
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    private static String text(Map<String, List<String>> fields, String name) {
        String value = first(fields, name);
        return value == null ? "" : value;
    }
}
