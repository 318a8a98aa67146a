package io.sluice.lake;

import java.util.Optional;

/**
 * Where the cluster's lake is, for a node that runs without it ({@link NoLake}): the node that holds the lake, as a
 * person names it ({@code node a (host-a)}), or empty when no node holds it now. The cluster provides it, so that the
 * lake depends on nothing outside itself.
 */
public interface LakeHome {

    Optional<String> node();
}
