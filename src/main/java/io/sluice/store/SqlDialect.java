package io.sluice.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collections;
import java.util.Locale;
import java.util.Set;

/** The SQL that differs between the metadata store's backends (H2 and PostgreSQL): the one place for it. */
public enum SqlDialect {
    H2 {
        @Override
        public String upsert(String table, String keyColumns, String columns) {
            return "MERGE INTO " + table + " (" + columns + ") KEY (" + keyColumns + ") VALUES (" + marks(columns)
                    + ")";
        }
    },
    POSTGRESQL {
        @Override
        public String upsert(String table, String keyColumns, String columns) {
            Set<String> keys = Set.of(keyColumns.replace(" ", "").split(","));
            StringBuilder set = new StringBuilder();
            for (String c : columns.split(",")) {
                String column = c.trim();
                if (!keys.contains(column)) {
                    set.append(set.isEmpty() ? "" : ", ")
                            .append(column)
                            .append(" = EXCLUDED.")
                            .append(column);
                }
            }
            return "INSERT INTO " + table + " (" + columns + ") VALUES (" + marks(columns) + ") ON CONFLICT ("
                    + keyColumns + ") DO UPDATE SET " + set;
        }
    };

    /** An insert-or-update of one row by its key, with one {@code ?} per column in order. */
    public abstract String upsert(String table, String keyColumns, String columns);

    public static SqlDialect of(Connection connection) throws SQLException {
        return connection
                        .getMetaData()
                        .getDatabaseProductName()
                        .toLowerCase(Locale.ROOT)
                        .contains("postgres")
                ? POSTGRESQL
                : H2;
    }

    private static String marks(String columns) {
        return String.join(", ", Collections.nCopies(columns.split(",").length, "?"));
    }
}
