package io.sluice.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code sluice whoami}: who the server takes the caller for, and its roles. */
@Command(name = "whoami", description = "Show who the server takes you for, and your roles.")
final class WhoamiCommand extends Connected {

    @Mixin
    OutputOption output;

    @Override
    public Integer call() {
        Api api = api();
        JsonNode me = api.get("/api/me");
        if (output.json()) {
            out().println(me.toPrettyString());
        } else {
            out().println(describe(me) + " on " + api.server());
        }
        return 0;
    }

    /** "admin (token; operator)", "anonymous (authentication off; admin)". */
    static String describe(JsonNode me) {
        List<String> grants = new ArrayList<>();
        me.path("grants").forEach(g -> grants.add(g.asText()));
        String how = me.path("authenticated").asBoolean()
                ? me.path("identifiedBy").asText().replace('_', ' ')
                : "authentication off";
        return me.path("name").asText() + " (" + how + "; " + (grants.isEmpty() ? "no role" : String.join(", ", grants))
                + ")";
    }
}
