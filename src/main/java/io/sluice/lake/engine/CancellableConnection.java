package io.sluice.lake.engine;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A lake connection that knows its open statements, so that another thread can stop the one running: the drivers of
 * the lake's engines (DuckDB, PostgreSQL) interrupt with {@link Statement#cancel} the connection's query only while that
 * statement executes (a statement that is not running is left alone), so cancelling every open statement stops exactly
 * what runs on this connection now. Everything else is the driver's connection ({@code unwrap} gives it, for DuckDB's
 * appender).
 */
public final class CancellableConnection implements InvocationHandler {

    /** What the wrapped connection adds to {@link Connection}. */
    interface Cancellable {
        /** Cancels the statement running on this connection, if any; returns how many statements are open on it. */
        int cancelRunning();
    }

    private final Connection connection;
    private final Set<Statement> open = ConcurrentHashMap.newKeySet();

    private CancellableConnection(Connection connection) {
        this.connection = connection;
    }

    /** {@code connection}, whose running statement {@link Cancellable#cancelRunning} stops. */
    public static Connection wrap(Connection connection) {
        return (Connection) Proxy.newProxyInstance(
                CancellableConnection.class.getClassLoader(),
                new Class<?>[] {Connection.class, Cancellable.class},
                new CancellableConnection(connection));
    }

    /** Cancels what runs on {@code connection}, a connection from {@link #wrap}; returns how many statements are open on it. */
    public static int cancelRunning(Connection connection) {
        return ((Cancellable) connection).cancelRunning();
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        if (method.getDeclaringClass() == Cancellable.class) {
            return cancel();
        }
        if (method.getDeclaringClass() == Object.class) {
            return switch (method.getName()) {
                case "equals" -> proxy == args[0];
                case "hashCode" -> System.identityHashCode(proxy);
                default -> "cancellable " + connection;
            };
        }
        Object result = call(connection, method, args);
        if (method.getName().equals("close")) {
            open.clear();
        }
        return result instanceof Statement statement ? track(statement) : result;
    }

    private int cancel() {
        int count = 0;
        for (Statement statement : open) {
            count++;
            try {
                statement.cancel();
            } catch (SQLException e) {
                // closed meanwhile: nothing of it runs any more
            }
        }
        return count;
    }

    /** The statement, as a statement of the same kind that leaves the open set when it is closed. */
    private Statement track(Statement statement) {
        open.add(statement);
        Class<?> kind = statement instanceof CallableStatement
                ? CallableStatement.class
                : statement instanceof PreparedStatement ? PreparedStatement.class : Statement.class;
        return (Statement) Proxy.newProxyInstance(
                CancellableConnection.class.getClassLoader(), new Class<?>[] {kind}, (proxy, method, args) -> {
                    if (method.getDeclaringClass() == Object.class) {
                        return switch (method.getName()) {
                            case "equals" -> proxy == args[0];
                            case "hashCode" -> System.identityHashCode(proxy);
                            default -> statement.toString();
                        };
                    }
                    if (method.getName().equals("close")) {
                        open.remove(statement);
                    }
                    return call(statement, method, args);
                });
    }

    private static Object call(Object target, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
