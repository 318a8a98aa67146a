package io.sluice.lake;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/** The lake table an asset owns: Sluice writes it with {@code mode} and checks it with {@code checks}. */
public record TableSpec(String name, WriteMode mode, List<AssetCheck> checks) {

    /** The longest table name: PostgreSQL cuts identifiers at 63 bytes, and a name is ASCII. */
    public static final int MAX_NAME_LENGTH = 63;

    public TableSpec {
        Objects.requireNonNull(mode, "mode");
        if (name == null || !WriteMode.IDENTIFIER.matcher(name).matches() || name.startsWith("__")) {
            throw new IllegalArgumentException("not a valid table name: '" + name + "'");
        }
        if (name.length() > MAX_NAME_LENGTH) {
            throw new IllegalArgumentException(
                    "table name '" + name + "' has " + name.length() + " characters; at most " + MAX_NAME_LENGTH
                            + " (PostgreSQL's limit, so that a pipeline runs on either lake)");
        }
        checks = List.copyOf(checks);
        Set<String> names = new HashSet<>();
        for (AssetCheck check : checks) {
            if (!names.add(check.name())) {
                throw new IllegalArgumentException("table " + name + " has two checks named '" + check.name() + "'");
            }
        }
    }

    public TableSpec withCheck(AssetCheck check) {
        List<AssetCheck> all = new ArrayList<>(checks);
        all.add(check);
        return new TableSpec(name, mode, all);
    }
}
