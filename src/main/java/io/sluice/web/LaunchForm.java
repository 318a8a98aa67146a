package io.sluice.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.backfill.BackfillRequest;
import io.sluice.backfill.RunOrder;
import io.sluice.runs.JsonRefusal;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.RunRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The launchpad's form as typed, turned into a run request or a backfill request. Pure: a field that
 * cannot be read is an {@link Invalid} naming it, so the form can mark it.
 */
record LaunchForm(
        List<String> assets,
        MaterializationMode mode,
        List<String> keys,
        String partitions,
        Map<String, Object> config,
        String reason,
        int partitionsPerRun,
        int maxConcurrent) {

    static final String ACTOR = "web-ui";

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
                partitions,
                cfg,
                blank(reason) ? null : reason.strip(),
                number("partitionsPerRun", partitionsPerRun, 1),
                number("maxConcurrent", maxConcurrent, 0));
    }

    RunRequest run(List<String> partitionKeys) {
        return new RunRequest(assets, mode, keys, partitionKeys, config, reason, ACTOR);
    }

    /** The partitions field's ranges ({@code first...last}) and single keys as a backfill's ranges and partitions. */
    BackfillRequest backfill() {
        return backfill(false);
    }

    /** As {@link #backfill()}; a dry run only plans it (the launchpad's preview). */
    BackfillRequest backfill(boolean dryRun) {
        List<BackfillRequest.Range> ranges = new ArrayList<>();
        List<String> explicit = new ArrayList<>();
        for (String token : PartitionText.tokens(partitions)) {
            PartitionText.range(token)
                    .ifPresentOrElse(
                            r -> ranges.add(new BackfillRequest.Range(r.start(), r.end())), () -> explicit.add(token));
        }
        return new BackfillRequest(
                assets,
                ranges,
                explicit,
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
                ACTOR);
    }

    /** The form field a backfill's problem field stands for ({@code ranges[0].start} is the partitions field). */
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

    /**
     * The partitions field with the range picker's from and to added as a range {@code from...to} (or the one
     * partition when they are equal); both or neither must be given.
     */
    static String partitionsWithRange(String partitions, String from, String to) {
        if (blank(from) && blank(to)) {
            return partitions;
        }
        if (blank(from)) {
            throw new Invalid("from", "give the first partition of the range too (From), or leave To empty", 422);
        }
        if (blank(to)) {
            throw new Invalid("to", "give the last partition of the range too (To), or leave From empty", 422);
        }
        String range = from.strip().equals(to.strip()) ? from.strip() : from.strip() + PartitionText.RANGE + to.strip();
        return blank(partitions) ? range : partitions.strip() + ", " + range;
    }
}
