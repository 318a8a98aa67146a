package io.sluice.lake.duckdb.bitemporal;

/** How a first load hashes values: as it judges best, or (tests only) one way, or with 1-bit value ids. */
enum FirstLoad {
    AUTO,
    VALUE_TUPLES,
    ROW_HASHES,
    COLLIDING_VALUE_IDS
}
