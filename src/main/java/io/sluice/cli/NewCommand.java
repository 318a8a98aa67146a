package io.sluice.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code sluice new DIR [--package P]}: writes a new Maven project with Sluice as a dependency into DIR (the files of
 * {@link Scaffold} and this checkout's Maven wrapper). Refuses a DIR that exists and is not empty (exit code 2).
 */
@Command(
        name = "new",
        mixinStandardHelpOptions = true,
        description = "Writes a new Maven project with Sluice as a dependency, two sample assets and their tests.")
final class NewCommand implements Callable<Integer> {

    /** Where the Maven wrapper is copied from: the Sluice checkout (./sluice sets it). */
    static final String HOME_PROPERTY = "sluice.home";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Parameters(paramLabel = "DIR", description = "The project's directory: new, or empty.")
    Path dir;

    @CommandLine.Option(
            names = "--package",
            defaultValue = "com.example.pipelines",
            description =
                    "The Java package of the sample assets (and the project's group id); default ${DEFAULT-VALUE}.")
    String packageName;

    @CommandLine.Option(
            names = "--sluice-version",
            description = "The Sluice version to depend on; default: this Sluice's version.")
    String sluiceVersion;

    @Override
    public Integer call() throws IOException {
        Path target = dir.toAbsolutePath().normalize();
        if (Files.exists(target) && (!Files.isDirectory(target) || !isEmpty(target))) {
            throw new IllegalArgumentException(
                    dir + " exists and is not empty: give a new directory, or an empty one, for the project");
        }
        Path home = Path.of(Optional.ofNullable(System.getProperty(HOME_PROPERTY))
                .orElseThrow(() -> new IllegalArgumentException(
                        "the Sluice checkout is unknown (" + HOME_PROPERTY + " is not set): run ./sluice new there")));
        Path fileName = target.getFileName();
        Scaffold scaffold = new Scaffold(
                packageName,
                Scaffold.artifactIdFor(fileName == null ? "pipelines" : fileName.toString()),
                Optional.ofNullable(sluiceVersion).orElseGet(NewCommand::thisSluiceVersion),
                quarkusVersion());
        for (Map.Entry<String, String> file : scaffold.files().entrySet()) {
            Path path = target.resolve(file.getKey());
            Files.createDirectories(path.getParent());
            Files.writeString(path, file.getValue());
        }
        copyWrapper(home, target);
        spec.commandLine()
                .getOut()
                .println("wrote a Sluice project (" + scaffold.artifactId() + ", Sluice " + scaffold.sluiceVersion()
                        + ") to " + dir + "\nnext: cd " + dir
                        + " && ./mvnw -B package && java -jar target/quarkus-app/quarkus-run.jar");
        return SluiceCli.OK;
    }

    private static boolean isEmpty(Path directory) throws IOException {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.findAny().isEmpty();
        }
    }

    private static void copyWrapper(Path home, Path target) throws IOException {
        Path properties = Path.of(".mvn", "wrapper", "maven-wrapper.properties");
        for (Path file : new Path[] {Path.of("mvnw"), Path.of("mvnw.cmd"), properties}) {
            Path from = home.resolve(file);
            if (!Files.isRegularFile(from)) {
                throw new IllegalArgumentException("the Maven wrapper file " + from + " is missing");
            }
            Files.createDirectories(target.resolve(file).toAbsolutePath().getParent());
            Files.copy(from, target.resolve(file));
        }
        try {
            Files.setPosixFilePermissions(target.resolve("mvnw"), PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: mvnw.cmd is there
        }
    }

    /** This Sluice's version, from its jar's manifest (the packaged application). */
    static String thisSluiceVersion() {
        return Optional.ofNullable(NewCommand.class.getPackage().getImplementationVersion())
                .orElseThrow(() -> new IllegalArgumentException(
                        "this Sluice's version is unknown (not run from its jar): give --sluice-version"));
    }

    /** The Quarkus version Sluice runs on, from the quarkus-core jar on the class path. */
    static String quarkusVersion() {
        try (InputStream in = NewCommand.class
                .getClassLoader()
                .getResourceAsStream("META-INF/maven/io.quarkus/quarkus-core/pom.properties")) {
            if (in == null) {
                throw new IllegalStateException("quarkus-core is not on the class path");
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
