package io.sluice.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.backfill.BackfillRequest;
import io.sluice.backfill.RunOrder;
import io.sluice.runs.JsonRefusal;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.RunRequest;
import io.sluice.runs.launch.PartitionSelection;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The launchpad's form as typed, turned into a run request or a backfill request. Pure: a field that cannot be read is
 * an {@link Invalid} naming it, so the form can mark it. The partitions are kept as typed: the range picker's From and
 * To, and the Partitions field's keys and ranges {@code first...last}, so that a refusal names them where they were
 * typed, and both launches (and the curl call of the preview) send them as the API takes them, ranges and keys.
 */
record LaunchForm(
        List<String> assets,
        MaterializationMode mode,
        List<String> keys,
        String from,
        String to,
        String partitions,
        Map<String, Object> config,
        String reason,
        int partitionsPerRun,
        int maxConcurrent) {

    /** A field of the form that cannot be read. */
    static final class Invalid extends RuntimeException {
        final String field;
        /** 400 when the field cannot be read (not a number, not JSON, no such mode); 422 when it reads but is incomplete. */
        final int status;

        Invalid(String field, String message, int status) {
            super(message);
            this.field = field;
            this.status = status;
        }
    }

    static LaunchForm read(
            List<String> assets,
            String mode,
            String keys,
            String from,
            String to,
            String partitions,
            String config,
            String reason,
            String partitionsPerRun,
            String maxConcurrent,
            ObjectMapper mapper) {
        MaterializationMode m;
        try {
            m = blank(mode)
                    ? MaterializationMode.INCREMENTAL
                    : MaterializationMode.valueOf(mode.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new Invalid("mode", "unknown mode " + mode, 400);
        }
        if (blank(from) != blank(to)) {
            throw blank(from)
                    ? new Invalid("from", "give the first partition of the range too (From), or leave To empty", 422)
                    : new Invalid("to", "give the last partition of the range too (To), or leave From empty", 422);
        }
        Map<String, Object> cfg;
        try {
            cfg = blank(config) ? Map.of() : mapper.readValue(config, new TypeReference<Map<String, Object>>() {});
        } catch (JsonProcessingException e) {
            throw new Invalid("config", JsonRefusal.of(e, "config", "config").getMessage(), 400);
        }
        return new LaunchForm(
                assets == null ? List.of() : assets,
                m,
                PartitionText.tokens(keys),
                blank(from) ? null : from.strip(),
                blank(to) ? null : to.strip(),
                blank(partitions) ? "" : partitions.strip(),
                cfg,
                blank(reason) ? null : reason.strip(),
                number("partitionsPerRun", partitionsPerRun, 1),
                number("maxConcurrent", maxConcurrent, 0));
    }

    /** Whether the form selects partitions at all (From/To or the Partitions field). */
    boolean anyPartitions() {
        return from != null || !PartitionText.tokens(partitions).isEmpty();
    }

    /**
     * The partitions as typed, each where it was typed: the range picker first, then the Partitions field's keys and
     * ranges in order (so a part of the Partitions field is the one refused when it overlaps the picker's range).
     */
    List<PartitionSelection.Part> parts() {
        List<PartitionSelection.Part> parts = new ArrayList<>();
        if (from != null) {
            String name = "From/To " + (from.equals(to) ? from : from + PartitionText.RANGE + to);
            parts.add(PartitionSelection.Part.range(
                    from, to, new PartitionSelection.Where("from", name, "from", "From", "to", "To")));
        }
        for (String token : PartitionText.tokens(partitions)) {
            String name = token + " in Partitions";
            PartitionSelection.Where where =
                    new PartitionSelection.Where("partitions", name, "partitions", name, "partitions", name);
            parts.add(PartitionText.range(token)
                    .map(r -> PartitionSelection.Part.range(r.start(), r.end(), where))
                    .orElseGet(() -> PartitionSelection.Part.key(token, where)));
        }
        return parts;
    }

    /** The ranges of the form (From/To first), as the API's {@code ranges} takes them. */
    List<RunRequest.Range> ranges() {
        return parts().stream()
                .filter(p -> !p.start().equals(p.end()) || p.where().field().equals("from"))
                .map(p -> new RunRequest.Range(p.start(), p.end()))
                .toList();
    }

    /** The single keys of the Partitions field, as the API's {@code partitions} takes them. */
    List<String> singleKeys() {
        return parts().stream()
                .filter(p -> p.start().equals(p.end()) && !p.where().field().equals("from"))
                .map(PartitionSelection.Part::start)
                .toList();
    }

    /**
     * The run request of the form, launched by {@code actor}: what {@code POST /api/runs} gets from the preview's curl
     * call, field for field.
     */
    RunRequest run(String actor) {
        return new RunRequest(assets, mode, keys, singleKeys(), ranges(), config, reason, actor, Map.of());
    }

    /**
     * The form's ranges and single keys as a backfill's ranges and partitions, launched by {@code actor}; a dry run only
     * plans it (the launchpad's preview).
     */
    BackfillRequest backfill(boolean dryRun, String actor) {
        return new BackfillRequest(
                assets,
                ranges().stream()
                        .map(r -> new BackfillRequest.Range(r.start(), r.end()))
                        .toList(),
                singleKeys(),
                false,
                mode,
                keys,
                config,
                reason,
                partitionsPerRun,
                false,
                RunOrder.OLDEST_FIRST,
                maxConcurrent,
                dryRun,
                actor);
    }

    /** The form field a problem's field stands for ({@code ranges[0].start} and {@code partitions[2]} are Partitions). */
    static String formField(String field) {
        if (field == null) {
            return null;
        }
        return field.startsWith("ranges") ? "partitions" : field.replaceAll("\\[\\d+\\].*", "");
    }

    private static int number(String field, String text, int empty) {
        try {
            return blank(text) ? empty : Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new Invalid(field, "not a whole number: " + text, 400);
        }
    }

    private static boolean blank(String text) {
        return text == null || text.isBlank();
    }
}
