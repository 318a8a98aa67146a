package io.sluice.cluster;

import java.util.Optional;

/** Why this node may not execute runs with its lake, as one line an operator acts on (pure). */
public final class LakeRefusal {

    private LakeRefusal() {}

    /**
     * The line, without the "Sluice cannot start: " prefix.
     *
     * @param holder the node that holds the lake lock (or held it last), if stored
     * @param clusterLake the lake the cluster writes
     * @param thisLake this node's lake, its id
     * @param thisLakeFile this node's lake file
     */
    public static String line(Optional<Node> holder, String clusterLake, String thisLake, String thisLakeFile) {
        String lake = "this cluster's lake (" + shortId(clusterLake) + ")";
        String who = holder.map(n -> "node " + n.name() + " (" + n.host() + ", " + n.dataDir()
                        + ") executes runs that write " + lake)
                .orElse("the runs of this cluster write " + lake);
        String where = holder.map(n -> n.name() + "'s data directory").orElse("the lake node's data directory");
        String mine = clusterLake.equals(thisLake)
                ? "this node's lake file " + thisLakeFile + " carries the same id (a copy), and two copies"
                : "this node's lake file " + thisLakeFile + " is another one, and two lakes";
        return who + "; " + mine + " would split the data. Start this node with SLUICE_LAKE_ENABLED=false (it then "
                + "runs only assets without a lake table and serves the API and pages), or SLUICE_RUNS_EXECUTE=false, "
                + "or run it where " + where + " is.";
    }

    /**
     * The line for a node whose lake is shared (every node writes it) while the cluster writes another lake, without the
     * "Sluice cannot start: " prefix.
     *
     * @param holder the node that holds the cluster's lake lock (a lake one node owns), if any
     * @param clusterLake the lake the cluster writes
     * @param thisLake this node's lake, its id
     * @param thisWhere where this node's lake is
     */
    public static String sharedLine(Optional<Node> holder, String clusterLake, String thisLake, String thisWhere) {
        String who = holder.map(n -> "node " + n.name() + " (" + n.host() + ", " + n.dataDir() + ") writes")
                .orElse("the runs of this cluster write");
        return who + " this cluster's lake (" + shortId(clusterLake) + "); this node's lake, " + thisWhere + " ("
                + shortId(thisLake) + "), is another one, and two lakes would split the data. Start every node on the "
                + "same lake (sluice.lake.engine and sluice.lake.postgres.*), or, when the cluster moves to this lake for "
                + "good, stop every node and unbind the old one (docs/operations.md#several-nodes).";
    }

    private static String shortId(String id) {
        return id.length() <= 8 ? id : id.substring(0, 8) + "…";
    }
}
