package io.sluice.runs.store;

import io.sluice.catalog.AssetKey;
import io.sluice.runs.MaterializedPartitions;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.hibernate.Session;

/** {@link MaterializedPartitions} on Hibernate ORM, from the partition status and materialization tables. */
@ApplicationScoped
public class JpaMaterializedPartitions implements MaterializedPartitions {

    /** Keys bound per query: well within what H2 and PostgreSQL take in an IN list. */
    private static final int CHUNK = 500;

    private final Session session;

    public JpaMaterializedPartitions(Session session) {
        this.session = session;
    }

    @Override
    @Transactional
    public Set<String> among(AssetKey asset, Collection<String> partitions) {
        Set<String> found = new HashSet<>();
        List<String> keys = List.copyOf(new LinkedHashSet<>(partitions));
        for (int from = 0; from < keys.size(); from += CHUNK) {
            found.addAll(session.createSelectionQuery(
                            "select id.partitionKey from PartitionStatusEntity where id.assetKey = :asset "
                                    + "and materializedAt is not null and id.partitionKey in :keys",
                            String.class)
                    .setParameter("asset", asset.toString())
                    .setParameter("keys", keys.subList(from, Math.min(keys.size(), from + CHUNK)))
                    .getResultList());
        }
        return found;
    }

    @Override
    @Transactional
    public boolean any(AssetKey asset) {
        return !session.createSelectionQuery(
                        "select id.partitionKey from PartitionStatusEntity where id.assetKey = :asset "
                                + "and materializedAt is not null",
                        String.class)
                .setParameter("asset", asset.toString())
                .setMaxResults(1)
                .getResultList()
                .isEmpty();
    }

    @Override
    @Transactional
    public boolean written(AssetKey asset) {
        return !session.createSelectionQuery("select id from MaterializationEntity where assetKey = :asset", Long.class)
                .setParameter("asset", asset.toString())
                .setMaxResults(1)
                .getResultList()
                .isEmpty();
    }
}
