package io.sluice.api;

import io.sluice.app.Cursor;
import io.sluice.text.Text;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Response;
import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Refuses, before the endpoint runs, a query parameter the endpoint does not take, as a body's unknown field is refused:
 * a 400 problem naming it and the parameters it does take. A filter the API does not know would otherwise be ignored,
 * and the list would hold what the filter was meant to leave out. The parameters an endpoint takes are its
 * {@code @QueryParam}s, the same that the OpenAPI document lists.
 */
public class UnknownParameters {

    private final Map<Method, Set<String>> taken = new ConcurrentHashMap<>();

    @ServerRequestFilter
    public Optional<Response> unknownParameter(ContainerRequestContext request, ResourceInfo resource) {
        Method method = resource == null ? null : resource.getResourceMethod();
        if (method == null
                || !method.getDeclaringClass().getPackageName().equals(UnknownParameters.class.getPackageName())) {
            return Optional.empty();
        }
        Set<String> known = taken.computeIfAbsent(method, UnknownParameters::queryParameters);
        for (String name : request.getUriInfo().getQueryParameters().keySet()) {
            if (!known.contains(name)) {
                String path = "/" + request.getUriInfo().getPath().replaceFirst("^/", "");
                return Optional.of(Problem.response(
                        400,
                        "unknown query parameter " + Text.quote(name) + "; " + path
                                + (known.isEmpty() ? " takes none" : " takes " + String.join(", ", known))
                                + instead(name, known),
                        name,
                        path));
            }
        }
        return Optional.empty();
    }

    /** The endpoint's {@code @QueryParam}s, those of its {@code @BeanParam}s' fields included. */
    private static Set<String> queryParameters(Method method) {
        Set<String> names = new TreeSet<>();
        Class<?>[] types = method.getParameterTypes();
        Annotation[][] annotations = method.getParameterAnnotations();
        for (int i = 0; i < types.length; i++) {
            for (Annotation a : annotations[i]) {
                if (a instanceof QueryParam q) {
                    names.add(q.value());
                } else if (a instanceof BeanParam) {
                    for (Field field : types[i].getDeclaredFields()) {
                        QueryParam q = field.getAnnotation(QueryParam.class);
                        if (q != null) {
                            names.add(q.value());
                        }
                    }
                }
            }
        }
        return Collections.unmodifiableSet(names);
    }

    /** A parameter the API once took, and what takes its place. */
    private static String instead(String name, Set<String> known) {
        return ("offset".equals(name) || "after".equals(name)) && known.contains(Cursor.PARAMETER)
                ? "; lists are paged by cursor: follow the Link header's next address (rel=\"next\")"
                : "";
    }
}
