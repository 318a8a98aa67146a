package io.sluice.ops.metrics.store;

import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import org.hibernate.Session;

/** Reads what the store-backed gauges show, in a read transaction of its own. */
@ApplicationScoped
public class MetricsStore {

    private final Session session;

    MetricsStore(Session session) {
        this.session = session;
    }

    public StoreReading read() {
        return QuarkusTransaction.requiringNew().call(() -> session.doReturningWork(StoreReading::read));
    }
}
