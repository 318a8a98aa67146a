package io.sluice.lake;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/** The lake table an asset owns: Sluice writes it with {@code mode} and checks it with {@code checks}. */
public record TableSpec(String name, WriteMode mode, List<AssetCheck> checks) {

    public TableSpec {
        Objects.requireNonNull(mode, "mode");
        if (name == null || !WriteMode.IDENTIFIER.matcher(name).matches() || name.startsWith("__")) {
            throw new IllegalArgumentException("not a valid table name: '" + name + "'");
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
