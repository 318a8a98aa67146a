package io.sluice.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import io.sluice.app.Refusals;
import io.sluice.identity.CallerRefused;
import io.sluice.identity.NotAllowed;
import io.sluice.lake.LakeUnavailable;
import io.sluice.runs.JsonRefusal;
import io.sluice.runs.RequestRejected;
import io.sluice.text.Text;
import jakarta.ws.rs.NotAcceptableException;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Every error leaves the API as problem+json: 4xx naming the field in a user's words, never a stack trace or a Java class. */
public class ProblemMappers {

    private static final Logger LOG = Logger.getLogger(ProblemMappers.class);

    /** The page a browser gets for an address no page has (a problem+json body would show as raw JSON). */
    private final Template notFoundPage;

    /** The page a form post or a page's button gets when the caller's roles do not allow what it asks. */
    private final Template notAllowedPage;

    /** The page a browser gets when what it asks for reads the lake and this node has none (or cannot open it). */
    private final Template lakeUnavailablePage;

    public ProblemMappers(
            @Location("notFound.html") Template notFoundPage,
            @Location("notAllowed.html") Template notAllowedPage,
            @Location("lakeUnavailable.html") Template lakeUnavailablePage) {
        this.notFoundPage = notFoundPage;
        this.notAllowedPage = notAllowedPage;
        this.lakeUnavailablePage = lakeUnavailablePage;
    }

    /**
     * What reads the lake, on a node without it (or whose lake cannot be used): 503, saying where the lake is; a page for
     * a browser, problem+json for the API and htmx. Nothing is changed.
     */
    @ServerExceptionMapper
    public Response lakeUnavailable(LakeUnavailable e, UriInfo uri, HttpHeaders headers) {
        boolean htmx = headers != null && headers.getHeaderString("HX-Request") != null;
        if (!isApi(path(uri)) && !htmx) {
            return Response.status(503)
                    .type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"))
                    .entity(lakeUnavailablePage.data("message", e.getMessage()).render())
                    .build();
        }
        return Problem.response(503, e.getMessage(), null, path(uri));
    }

    @ServerExceptionMapper
    public Response rejected(RequestRejected e, UriInfo uri) {
        return Problem.response(
                Problem.of(status(e), e.getMessage(), e.field(), path(uri)).withCandidates(e.candidates()));
    }

    /** The one place where a domain refusal becomes an HTTP status. */
    static int status(RequestRejected e) {
        return Refusals.status(e);
    }

    /** A request named a caller that cannot act: 400 for a name reserved for Sluice's automation, else 422. */
    @ServerExceptionMapper
    public Response callerRefused(CallerRefused e, UriInfo uri) {
        return refused(e, path(uri));
    }

    static Response refused(CallerRefused e, String path) {
        String field = e.field().startsWith("header ") ? e.field().substring("header ".length()) : e.field();
        return Problem.response(Refusals.status(e), e.getMessage(), field, path);
    }

    /** A caller asked for something its roles do not allow: 403, naming the asset outside its groups if that is why. */
    @ServerExceptionMapper
    public Response notAllowed(NotAllowed e, UriInfo uri, HttpHeaders headers) {
        // htmx shows a problem's detail where the swap would have gone (static/sluice.js); a form post gets a page
        boolean htmx = headers != null && headers.getHeaderString("HX-Request") != null;
        if (!isApi(path(uri)) && !htmx) {
            // a page's form or button: a readable page saying why, whatever the request's Accept header says
            return Response.status(Refusals.status(e))
                    .type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"))
                    .entity(notAllowedPage.data("message", e.getMessage()).render())
                    .build();
        }
        return Problem.response(Refusals.status(e), e.getMessage(), null, path(uri));
    }

    private static boolean isApi(String path) {
        return path == null || path.equals("/api") || path.startsWith("/api/");
    }

    @ServerExceptionMapper
    public Response mismatchedJson(MismatchedInputException e, UriInfo uri) {
        return unreadableJson(e, uri);
    }

    @ServerExceptionMapper
    public Response unreadableJson(JsonProcessingException e, UriInfo uri) {
        return rejected(JsonRefusal.body(e), uri);
    }

    @ServerExceptionMapper
    public Response web(WebApplicationException e, UriInfo uri, Request request, HttpHeaders headers) {
        if (e.getCause() instanceof JsonProcessingException json) {
            return unreadableJson(json, uri);
        }
        int status = e.getResponse().getStatus();
        if (status >= 500) {
            LOG.error("request failed", e);
            return Problem.response(status, "internal error; see the server log", null, path(uri));
        }
        String method = request == null ? "" : request.getMethod() + " ";
        String detail;
        if (e instanceof NotFoundException
                && e.getMessage() != null
                && e.getMessage().startsWith("Unable to find matching")) {
            if (wantsPage(uri, headers)) {
                return Response.status(404)
                        .type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"))
                        .entity(notFoundPage.data("path", path(uri)).render())
                        .build();
            }
            detail = "there is nothing at " + method + path(uri) + "; the API's endpoints are listed at /q/swagger-ui";
        } else if (e instanceof NotAllowedException) {
            String allowed = allowed(e.getResponse());
            detail = (method.isEmpty() ? "this method" : method.trim()) + " is not a method " + path(uri) + " takes"
                    + (allowed.isEmpty()
                            ? "; the API's endpoints and their methods are listed at /q/swagger-ui"
                            : "; it takes " + allowed);
        } else if (e instanceof NotSupportedException) {
            detail = "the body's content type (" + contentType(headers) + ") is not one " + path(uri)
                    + " reads; the API reads application/json, the launch form application/x-www-form-urlencoded";
        } else if (e instanceof NotAcceptableException) {
            detail = path(uri) + " cannot answer in the type the Accept header asks for ("
                    + Text.escape(headers.getHeaderString(HttpHeaders.ACCEPT)) + ")";
        } else {
            detail = e.getMessage() == null || e.getMessage().startsWith("HTTP ")
                    ? Problem.of(status, null, null, null).title()
                    : e.getMessage();
        }
        return Problem.response(status, detail, null, path(uri));
    }

    @ServerExceptionMapper
    public Response unexpected(Exception e, UriInfo uri) {
        if (isPoolExhausted(e)) {
            // overload, not a fault: every metadata-store connection stayed busy for the pool's acquisition timeout
            LOG.warnf("no metadata-store connection came free for %s; answered 503", path(uri));
            return Response.fromResponse(Problem.response(
                            503,
                            "Sluice is busy: no metadata-store connection came free in time; try again in "
                                    + RETRY_AFTER_SECONDS + " seconds",
                            null,
                            path(uri)))
                    .header("Retry-After", RETRY_AFTER_SECONDS)
                    .build();
        }
        LOG.errorf(e, "unexpected error on %s", path(uri));
        return Problem.response(500, "internal error; see the server log", null, path(uri));
    }

    /** How long a client is told to wait when the metadata store's connection pool is exhausted. */
    static final int RETRY_AFTER_SECONDS = 5;

    /**
     * Whether a failure comes from the connection pool's acquisition timeout (Agroal throws a plain SQLException with
     * this message, and Hibernate wraps it as "Unable to acquire JDBC Connection").
     */
    static boolean isPoolExhausted(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SQLException && "Sorry, acquisition timeout!".equals(t.getMessage())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a refusal is to be a page: a browser's request (its Accept names HTML first, as browsers send for an
     * address) for a path outside the API. The API's paths, and clients that ask for JSON or for anything ({@code
     * curl}), get problem+json.
     */
    static boolean wantsPage(UriInfo uri, HttpHeaders headers) {
        String path = path(uri);
        if (path == null || path.equals("/api") || path.startsWith("/api/") || headers == null) {
            return false;
        }
        List<MediaType> accepted = headers.getAcceptableMediaTypes();
        if (accepted.isEmpty()) {
            return false;
        }
        MediaType first = accepted.get(0);
        return !first.isWildcardType() && !first.isWildcardSubtype() && first.isCompatible(MediaType.TEXT_HTML_TYPE);
    }

    private static String allowed(Response response) {
        Set<String> methods = new TreeSet<>(response.getAllowedMethods());
        methods.remove("OPTIONS");
        methods.remove("HEAD");
        return String.join(", ", methods);
    }

    private static String contentType(HttpHeaders headers) {
        String type = headers == null ? null : headers.getHeaderString(HttpHeaders.CONTENT_TYPE);
        return type == null ? "none given" : Text.escape(type);
    }

    private static String path(UriInfo uri) {
        return uri == null ? null : uri.getPath();
    }
}
