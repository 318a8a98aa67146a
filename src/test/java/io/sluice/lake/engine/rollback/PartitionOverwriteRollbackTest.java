package io.sluice.lake.engine.rollback;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.lake.Sql;
import io.sluice.lake.engine.WriteOutcome;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The snapshot a partition-overwrite write keeps selects its partition with the key bound, never written into SQL. */
class PartitionOverwriteRollbackTest {

    private static final String KEY = "2024-01-01 x' OR '1'='1";

    @Test
    void theSnapshotOfAPartitionBindsItsKey() {
        List<Sql> statements = new ArrayList<>();
        InvocationHandler recording = (proxy, method, args) -> {
            if (method.isDefault()) {
                return InvocationHandler.invokeDefault(proxy, method, args);
            }
            if (args != null && args.length == 1 && args[0] instanceof Sql sql) {
                statements.add(sql);
            }
            return method.getReturnType() == long.class ? 0L : null;
        };
        RollbackSession db = (RollbackSession) Proxy.newProxyInstance(
                RollbackSession.class.getClassLoader(), new Class<?>[] {RollbackSession.class}, recording);

        new PartitionOverwriteRollback("day").keep(db, "t", "staged", 7, Optional.of(KEY), WriteOutcome.of(1, 1, 0));

        assertThat(statements).isNotEmpty();
        assertThat(statements).allSatisfy(s -> assertThat(s.text()).doesNotContain("2024-01-01"));
        assertThat(statements)
                .as("the snapshot's rows are those of the bound key")
                .anySatisfy(s -> {
                    assertThat(s.text()).contains("__snap_t_7").contains("CAST(day AS VARCHAR) = ?");
                    assertThat(s.params()).containsExactly(KEY);
                });
    }
}
