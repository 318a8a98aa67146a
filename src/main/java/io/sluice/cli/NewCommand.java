package io.sluice.cli;

import io.sluice.IoReason;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code sluice new DIR [--package P]}: writes a new Maven project with Sluice as a dependency into DIR (the files of
 * {@link Scaffold} and this checkout's Maven wrapper). Refuses a DIR that exists and is not empty (exit code 2). It
 * checks and reads everything first and writes all files at once ({@link StagedProject}): a refusal or a failure leaves
 * nothing behind, so the same command can simply be run again.
 */
@Command(
        name = "new",
        mixinStandardHelpOptions = true,
        description = "Writes a new Maven project with Sluice as a dependency, two sample assets and their tests.")
final class NewCommand implements Callable<Integer> {

    /** Where the Maven wrapper is copied from: the Sluice checkout (./sluice sets it). */
    static final String HOME_PROPERTY = "sluice.home";

    private static final String MVNW = "mvnw";
    /** The Maven wrapper's files, copied from the Sluice checkout. */
    private static final List<String> WRAPPER = List.of(MVNW, "mvnw.cmd", ".mvn/wrapper/maven-wrapper.properties");

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
        // Everything is checked and read before anything is written; then the files go in at once (StagedProject).
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
        Map<String, byte[]> files = new LinkedHashMap<>();
        scaffold.files().forEach((path, text) -> files.put(path, text.getBytes(StandardCharsets.UTF_8)));
        files.putAll(wrapper(home));
        StagedProject.write(target, files, Set.of(MVNW));
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

    /** The Maven wrapper's files in the Sluice checkout, read: a missing one stops the command before any file is written. */
    private static Map<String, byte[]> wrapper(Path home) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (String file : WRAPPER) {
            Path from = home.resolve(file);
            if (!Files.isRegularFile(from)) {
                throw new IllegalArgumentException(
                        "the Maven wrapper file " + from
                                + " is missing (run ./sluice new from a Sluice checkout that has its wrapper); nothing was written");
            }
            try {
                files.put(file, Files.readAllBytes(from));
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot read the Maven wrapper file " + from + " (" + IoReason.of(e)
                        + "); nothing was written");
            }
        }
        return files;
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
