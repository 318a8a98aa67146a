package io.sluice.bench;

/**
 * One contender's figures on one database. {@code done} is how many partitions were recorded before the
 * time limit (equal to {@code partitions} unless the run was cut short); {@code txPerPartition} is
 * committed transactions per partition from pg_stat_database (PostgreSQL only, NaN on H2).
 */
record Result(
        String engine,
        String contender,
        int partitions,
        long done,
        double seconds,
        double txPerPartition,
        double rowsPerPartition,
        String note) {

    double rate() {
        return done / seconds;
    }

    boolean complete() {
        return done == partitions;
    }
}
