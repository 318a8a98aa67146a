package io.sluice.lake.postgres;

import java.util.Optional;

/**
 * What one write publishes: the staging table of its rows, that of its filing markers (bi-temporal tables only), and
 * whether the rows are the whole table (a complete selection) rather than some of its keys.
 */
record PgStaged(String rows, Optional<String> markers, boolean complete) {}
