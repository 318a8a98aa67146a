package io.sluice.example;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.catalog.AssetContext;
import io.sluice.catalog.AssetSpec;
import io.sluice.lake.Lake;
import io.sluice.lake.LakeSession;
import java.lang.reflect.Proxy;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Form ADV transforms on a lake where raw has never been written (a fresh install). */
class FormAdvKeyedAssetTest {

    @Test
    void aBatchBeforeAnyFilingLandedFailsSayingWhatToDoFirst() {
        LakeSession noTables = stub(LakeSession.class, (name, args) -> {
            if (name.equals("tableExists")) {
                return false;
            }
            throw new AssertionError(
                    "the asset queried a table that does not exist: " + name + " " + Arrays.toString(args));
        });
        Lake lake = stub(Lake.class, (name, args) -> {
            if (name.equals("read")) {
                return ((Lake.LakeWork<?>) args[0]).apply(noTables);
            }
            throw new AssertionError("unexpected lake call " + name);
        });
        @SuppressWarnings("unchecked")
        AssetContext<AssetSpec.NoConfig> context = stub(AssetContext.class, (name, args) -> {
            if (name.equals("lake")) {
                return lake;
            }
            throw new AssertionError("unexpected context call " + name);
        });

        assertThatThrownBy(() -> new FirmOwnership().processBatch(context, List.of("100001")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("raw/form_adv_filings has not been materialized yet")
                .hasMessageContaining("land some filing days first");
    }

    private interface Answer {
        Object answer(String method, Object[] args) throws Exception;
    }

    @SuppressWarnings("unchecked")
    private static <T> T stub(Class<T> type, Answer answer) {
        return (T) Proxy.newProxyInstance(
                type.getClassLoader(),
                new Class<?>[] {type},
                (proxy, method, args) -> answer.answer(method.getName(), args == null ? new Object[0] : args));
    }
}
