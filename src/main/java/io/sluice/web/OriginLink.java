package io.sluice.web;

import io.sluice.automation.Launch;
import io.sluice.backfill.BackfillTags;
import io.sluice.runs.Reexecution;
import io.sluice.runs.Run;
import io.sluice.runs.RunIds;
import io.sluice.runs.launch.RunFactory;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What launched a run, as links: the user (to their runs), and from the run's tags the schedule, sensor or trigger
 * (to the automation page), the backfill (to its page), the run it re-executes or retries (to that run).
 */
public record OriginLink(String kind, String label, String href) {

    static final String SCHEDULE = Launch.SCHEDULE_TAG;
    static final String SENSOR = Launch.SENSOR_TAG;
    static final String TRIGGER = Launch.TRIGGER_TAG;
    static final String BACKFILL = BackfillTags.BACKFILL;
    static final String PARENT_RUN = RunFactory.PARENT_RUN;

    /** Every origin of the run, the user first. */
    static List<OriginLink> of(Run run) {
        List<OriginLink> links = new ArrayList<>();
        links.add(new OriginLink("user", run.launchedBy(), "/runs?launchedBy=" + encode(run.launchedBy())));
        links.addAll(fromTags(run.tags()));
        return links;
    }

    /** The origins the run's tags name (none for a run a person launched). */
    static List<OriginLink> fromTags(Map<String, String> tags) {
        List<OriginLink> links = new ArrayList<>();
        String schedule = tags.get(SCHEDULE);
        if (schedule != null) {
            links.add(new OriginLink("schedule", schedule, "/automation#schedule-" + encode(schedule)));
        }
        String sensor = tags.get(SENSOR);
        if (sensor != null) {
            links.add(new OriginLink("sensor", sensor, "/automation#sensor-" + encode(sensor)));
        }
        String trigger = tags.get(TRIGGER);
        if (trigger != null) {
            links.add(new OriginLink("trigger", trigger, "/automation"));
        }
        String backfill = tags.get(BACKFILL);
        if (backfill != null) {
            links.add(new OriginLink("backfill", RunIds.shortForm(backfill), "/backfills/" + encode(backfill)));
        }
        String of = tags.get(Reexecution.OF);
        if (of != null) {
            String scope = tags.getOrDefault(Reexecution.SCOPE, "all");
            links.add(new OriginLink(
                    "failed".equals(scope) ? "re-execution (failed steps) of" : "re-execution of",
                    RunIds.shortForm(of),
                    "/runs/" + encode(of)));
        }
        String parent = tags.get(PARENT_RUN);
        if (parent != null) {
            links.add(new OriginLink("retry of", RunIds.shortForm(parent), "/runs/" + encode(parent)));
        }
        return links;
    }

    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
