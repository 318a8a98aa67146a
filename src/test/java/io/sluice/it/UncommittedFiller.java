package io.sluice.it;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;

/**
 * A process of its own that opens Sluice's H2 metadata file, writes {@code rows} rows in one transaction it never
 * commits, says "holding" and waits to be killed: what a kill in the middle of a large metadata transaction leaves
 * behind, or (with 0 rows) another process holding the file. Run by {@link MetadataStoreStartIT}.
 */
public final class UncommittedFiller {

    private UncommittedFiller() {}

    public static void main(String[] args) throws Exception {
        String url = "jdbc:h2:file:" + args[0] + "/metadata;AUTO_SERVER=FALSE;DB_CLOSE_ON_EXIT=FALSE;WRITE_DELAY=0";
        int rows = Integer.parseInt(args[1]);
        try (Connection c = DriverManager.getConnection(url, "sa", "")) {
            c.createStatement()
                    .execute("CREATE TABLE IF NOT EXISTS crash_filler(id BIGINT PRIMARY KEY, payload VARCHAR)");
            c.setAutoCommit(false);
            try (PreparedStatement p = c.prepareStatement("INSERT INTO crash_filler VALUES (?, ?)")) {
                for (int i = 0; i < rows; i++) {
                    p.setLong(1, i);
                    p.setString(2, "row " + i + " of a large transaction that a kill interrupts before its commit");
                    p.addBatch();
                    if (i % 10_000 == 9_999) {
                        p.executeBatch();
                    }
                }
                p.executeBatch();
            }
            System.out.println("holding");
            System.out.flush();
            Thread.sleep(Long.MAX_VALUE);
        }
    }
}
