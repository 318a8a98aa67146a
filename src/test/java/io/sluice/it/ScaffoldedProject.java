package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The steps a user takes from this checkout to a running project of their own, as child processes: install Sluice into
 * a local repository of the test's own (with the machine's as a read-only tail, so the build stays offline and nothing
 * of the user's repository changes), {@code ./sluice new}, {@code ./mvnw -o package}, {@code java -jar}.
 */
final class ScaffoldedProject {

    private static final Duration BUILD_LIMIT = Duration.ofMinutes(20);

    private int managementPort;
    private final Path checkout = Path.of("").toAbsolutePath();
    private final Path work;
    private final Path repo;
    private final Path tail =
            Path.of(System.getProperty("sluice.repo.tail", System.getProperty("user.home") + "/.m2/repository"));
    final Path dir;

    ScaffoldedProject(Path work) {
        this.work = work;
        this.repo = work.resolve("repository");
        this.dir = work.resolve("my-pipelines");
    }

    /** {@code mvn install:install-file} of the jar {@code package} made, with this checkout's pom, into the test's repository. */
    void installSluice() throws Exception {
        Path jar = Path.of(System.getProperty("sluice.library.jar", "target/sluice-0.1.0-SNAPSHOT.jar"));
        assertThat(jar).as("the library jar (run with ./mvnw verify)").exists();
        run(
                checkout,
                "install.log",
                List.of(
                        checkout.resolve("mvnw").toString(),
                        "-B",
                        "-o",
                        "-q",
                        "install:install-file",
                        "-Dfile=" + jar.toAbsolutePath(),
                        "-DpomFile=" + checkout.resolve("pom.xml"),
                        "-Dmaven.repo.local=" + repo,
                        "-Dmaven.repo.local.tail=" + tail));
        assertThat(repo.resolve("io/sluice/sluice")).isDirectory();
    }

    /** {@code ./sluice new DIR --package PACKAGE}: returns its exit code. */
    int scaffold(String packageName, Path target, String logName) throws Exception {
        return exitCode(
                checkout,
                logName,
                List.of(
                        "bash",
                        checkout.resolve("sluice").toString(),
                        "new",
                        target.toString(),
                        "--package",
                        packageName));
    }

    /** {@code ./mvnw -B -o package} in the project, against the test's repository; the build must succeed. */
    void build(String logName, String... extra) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                dir.resolve("mvnw").toString(),
                "-B",
                "-o",
                "package",
                "-Dmaven.repo.local=" + repo,
                "-Dmaven.repo.local.tail=" + tail));
        command.addAll(List.of(extra));
        run(dir, logName, command);
    }

    /** Starts the project's jar on a data directory of its own and waits until it answers. */
    Process start(int port, String logName) throws Exception {
        Path data = Files.createDirectories(work.resolve("data-" + logName));
        ProcessBuilder pb = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx512m",
                        "-jar",
                        dir.resolve("target/quarkus-app/quarkus-run.jar").toString())
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(work.resolve(logName).toFile());
        environment(pb, data, port);
        return pb.start();
    }

    /**
     * {@code ./mvnw quarkus:dev} in the project, as a user starts it, on a data directory of its own: online (dev mode
     * needs a few artifacts a package build does not, fetched into the test's repository when the machine has none), no
     * debugger port (several may run on one machine), no interactive console (no terminal here).
     */
    Process startDevMode(int port, String logName) throws Exception {
        Path data = Files.createDirectories(work.resolve("data-" + logName));
        ProcessBuilder pb = new ProcessBuilder(
                        dir.resolve("mvnw").toString(),
                        "-B",
                        "quarkus:dev",
                        "-Ddebug=false",
                        "-Dquarkus.console.enabled=false",
                        "-Dmaven.repo.local=" + repo,
                        "-Dmaven.repo.local.tail=" + tail)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(work.resolve(logName).toFile());
        environment(pb, data, port);
        return pb.start();
    }

    /** Stops a process and every process it started (dev mode runs the application in a JVM of its own). */
    static void stop(Process p) throws InterruptedException {
        List<ProcessHandle> children = p.descendants().toList();
        p.destroy();
        children.forEach(ProcessHandle::destroy);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
        }
        for (ProcessHandle child : children) {
            try {
                child.onExit().get(60, TimeUnit.SECONDS);
            } catch (Exception e) {
                child.destroyForcibly();
            }
        }
    }

    String log(String logName) throws IOException {
        return Files.readString(work.resolve(logName));
    }

    private void environment(ProcessBuilder pb, Path data, int port) throws IOException {
        managementPort = freePort();
        while (managementPort == port) {
            managementPort = freePort();
        }
        pb.environment()
                .putAll(Map.of(
                        "SLUICE_DATA_DIR",
                        data.toString(),
                        "PORT",
                        Integer.toString(port),
                        "MANAGEMENT_PORT",
                        Integer.toString(managementPort),
                        // the scaffold's tests call its API without credentials, on the loopback interface
                        "SLUICE_AUTH_ENABLED",
                        "false"));
    }

    /** The readiness probe of the application started last, on its management interface. */
    URI readiness() {
        return URI.create("http://127.0.0.1:" + managementPort + "/q/health/ready");
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private void run(Path in, String logName, List<String> command) throws Exception {
        int code = exitCode(in, logName, command);
        assertThat(code)
                .as(String.join(" ", command) + " in " + in + ":\n" + tailOf(log(logName)))
                .isZero();
    }

    private int exitCode(Path in, String logName, List<String> command) throws Exception {
        Process p = new ProcessBuilder(command)
                .directory(in.toFile())
                .redirectErrorStream(true)
                .redirectOutput(work.resolve(logName).toFile())
                .start();
        if (!p.waitFor(BUILD_LIMIT.toMinutes(), TimeUnit.MINUTES)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError(String.join(" ", command) + " did not end within " + BUILD_LIMIT);
        }
        return p.exitValue();
    }

    private static String tailOf(String text) {
        return text.length() <= 6000 ? text : text.substring(text.length() - 6000);
    }
}
