package io.sluice.web;

import io.sluice.runs.RunStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The catalog's filters as the query string gives them: {@code q} (text in the key, description, owners or tags),
 * {@code group}, {@code tag} ({@code name=value}), {@code owner}, {@code kind} ({@value #KINDS}) and {@code status}
 * (the last run's status, {@code NEVER} for never materialized, {@code CHECK_FAILED} for a failing check). A blank
 * value filters nothing; an unknown kind or status is refused with a message naming the parameter.
 */
public record AssetsPageFilter(String q, String group, String tag, String owner, String kind, String status) {

    static final String KINDS = "partitioned, keyed, table";
    static final List<String> KIND_VALUES = List.of("partitioned", "keyed", "table");
    static final String NEVER = "NEVER";
    static final String CHECK_FAILED = "CHECK_FAILED";

    /** A value of the query string that cannot filter anything. */
    static final class Invalid extends RuntimeException {
        final String parameter;

        Invalid(String parameter, String message) {
            super(message);
            this.parameter = parameter;
        }
    }

    public AssetsPageFilter {
        q = clean(q);
        group = clean(group);
        tag = clean(tag);
        owner = clean(owner);
        kind = clean(kind);
        status = clean(status);
    }

    static AssetsPageFilter none() {
        return new AssetsPageFilter("", "", "", "", "", "");
    }

    /** The filters of a request; throws {@link Invalid} for an unknown kind or status, or a parameter given twice. */
    static AssetsPageFilter read(Map<String, List<String>> query) {
        for (var e : query.entrySet()) {
            if (e.getValue().size() > 1 && PARAMETERS.contains(e.getKey())) {
                throw new Invalid(
                        e.getKey(),
                        "the filter " + e.getKey() + " was given "
                                + e.getValue().size() + " times; give it once");
            }
        }
        AssetsPageFilter f = new AssetsPageFilter(
                one(query, "q"),
                one(query, "group"),
                one(query, "tag"),
                one(query, "owner"),
                one(query, "kind"),
                one(query, "status"));
        if (!f.kind.isEmpty() && !KIND_VALUES.contains(f.kind)) {
            throw new Invalid("kind", "unknown kind '" + f.kind + "': choose one of " + KINDS);
        }
        if (!f.status.isEmpty() && !statuses().contains(f.status)) {
            throw new Invalid(
                    "status", "unknown status '" + f.status + "': choose one of " + String.join(", ", statuses()));
        }
        return f;
    }

    private static final Set<String> PARAMETERS = Set.of("q", "group", "tag", "owner", "kind", "status");

    /** The statuses to filter by: each run status, then NEVER and CHECK_FAILED. */
    static List<String> statuses() {
        List<String> all = new ArrayList<>();
        for (RunStatus s : RunStatus.values()) {
            all.add(s.name());
        }
        all.add(NEVER);
        all.add(CHECK_FAILED);
        return all;
    }

    /** Whether any filter is set. */
    public boolean any() {
        return !(q + group + tag + owner + kind + status).isEmpty();
    }

    /** The rows that pass every filter, in their order. */
    List<AssetsPageRow> apply(List<AssetsPageRow> rows) {
        return rows.stream().filter(matcher()).toList();
    }

    private Predicate<AssetsPageRow> matcher() {
        return r -> (q.isEmpty() || r.mentions(q))
                && (group.isEmpty() || r.group().equals(group))
                && (tag.isEmpty() || r.tags().contains(tag))
                && (owner.isEmpty() || r.owners().contains(owner))
                && (kind.isEmpty() || r.kinds().contains(kind))
                && (status.isEmpty() || hasStatus(r));
    }

    private boolean hasStatus(AssetsPageRow r) {
        return switch (status) {
            case NEVER -> !r.materialized();
            case CHECK_FAILED -> "failed".equals(r.checks());
            default -> r.lastStatus().equals(status);
        };
    }

    /** The query string of these filters, for links that keep them (empty values left out). */
    public String query() {
        Map<String, String> set = new LinkedHashMap<>();
        set.put("q", q);
        set.put("group", group);
        set.put("tag", tag);
        set.put("owner", owner);
        set.put("kind", kind);
        set.put("status", status);
        StringBuilder s = new StringBuilder();
        set.forEach((k, v) -> {
            if (!v.isEmpty()) {
                s.append(s.length() == 0 ? "?" : "&")
                        .append(k)
                        .append('=')
                        .append(java.net.URLEncoder.encode(v, java.nio.charset.StandardCharsets.UTF_8));
            }
        });
        return s.toString();
    }

    private static String one(Map<String, List<String>> query, String name) {
        List<String> values = query.get(name);
        return values == null || values.isEmpty() ? "" : values.get(0);
    }

    private static String clean(String value) {
        return value == null ? "" : value.strip();
    }
}
