package io.sluice.lake;

import java.util.Optional;

/**
 * The lake tables that assets declare, as an engine's table listing ({@link LakeTables}) needs them: which asset owns a
 * table and how it is written. The catalog provides it, so that no engine depends on the catalog.
 */
public interface DeclaredTables {

    /** A declared table and the key of the asset that declares it. */
    record Declared(String asset, TableSpec table) {}

    /** The declaration of the table named {@code name} (case-insensitive), if an asset declares it. */
    Optional<Declared> declared(String name);
}
