package io.sluice.lake.duckdb.bitemporal;

import io.sluice.lake.bitemporal.RejectionTexts;
import java.sql.SQLException;
import java.util.Optional;

/** Why a batch is rejected, from its {@link Validation}: what staging only marked is explained from the batch's rows. */
final class Rejections {

    private final Statements db;
    private final StagingSql staging;

    Rejections(Statements db, StagingSql staging) {
        this.db = db;
        this.staging = staging;
    }

    /**
     * The rejection in a {@link Validation}, if any; a row problem that staging only marked is explained from the batch's
     * rows query {@code rows}.
     */
    Optional<String> of(Validation validation, String rows) throws SQLException {
        Optional<String> problem = validation.problem();
        if (problem.isPresent() && StagingSql.UNEXPLAINED.equals(problem.get())) {
            Object first =
                    db.row(staging.firstProblem(rows)).stream().findFirst().orElse(null);
            // a rows query that reads differently the second time leaves only the fact
            return Optional.of(first == null ? RejectionTexts.UNTOLD_ROW : first.toString());
        }
        return problem;
    }
}
