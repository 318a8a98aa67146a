package io.sluice.backfill;

import io.sluice.lists.ListFilters;
import io.sluice.runs.RequestRejected;
import io.sluice.text.Text;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * Which backfills a list shows: the one filter of the backfills page and of {@code GET /api/backfills}, read from the
 * same query parameters by {@link #read}.
 */
public record BackfillFilter(Optional<BackfillStatus> status) {

    public static final BackfillFilter NONE = new BackfillFilter(Optional.empty());

    /** The query parameters of the filter ({@link #read}). */
    public static final List<String> PARAMETERS = List.of("status");

    public BackfillFilter {
        status = status == null ? Optional.empty() : status;
    }

    /** From the query parameter {@code status}: one of {@link BackfillStatus}, in any case, or not given. */
    public static BackfillFilter read(Function<String, String> param) {
        String status = ListFilters.given(param, "status");
        if (status.isEmpty()) {
            return NONE;
        }
        try {
            return new BackfillFilter(Optional.of(BackfillStatus.valueOf(status.toUpperCase(Locale.ROOT))));
        } catch (IllegalArgumentException e) {
            throw RequestRejected.invalid(
                    "status",
                    "no backfill status is named " + Text.quote(status) + "; choose one of "
                            + String.join(
                                    ", ",
                                    Arrays.stream(BackfillStatus.values())
                                            .map(Enum::name)
                                            .toList()));
        }
    }
}
