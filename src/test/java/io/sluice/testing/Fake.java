package io.sluice.testing;

import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.function.Function;

/** A fake of a port: the methods given answer, any other fails naming itself (so a test sees what the code under it uses). */
public final class Fake {

    private Fake() {}

    public static <T> T of(Class<T> type, Map<String, Function<Object[], Object>> answers) {
        Object fake = Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
            Function<Object[], Object> answer = answers.get(method.getName());
            if (answer != null) {
                return answer.apply(args == null ? new Object[0] : args);
            }
            return switch (method.getName()) {
                case "toString" -> "fake " + type.getSimpleName();
                case "hashCode" -> System.identityHashCode(proxy);
                case "equals" -> proxy == args[0];
                default ->
                    throw new UnsupportedOperationException(
                            "the fake " + type.getSimpleName() + " does not answer " + method.getName());
            };
        });
        return type.cast(fake);
    }
}
