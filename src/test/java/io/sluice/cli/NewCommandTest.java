package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sluice new} in-process: the files it writes and what it refuses. That the project builds, tests and runs is
 * {@code io.sluice.it.ScaffoldIT}'s part.
 */
class NewCommandTest {

    @TempDir
    Path temp;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void checkoutIsHere() {
        System.setProperty(
                NewCommand.HOME_PROPERTY, Path.of("").toAbsolutePath().toString());
    }

    @AfterEach
    void forgetCheckout() {
        System.clearProperty(NewCommand.HOME_PROPERTY);
    }

    private int run(String... args) {
        return SluiceCli.run(args, new PrintWriter(out), new PrintWriter(err));
    }

    @Test
    void writesAProjectWithTheGivenPackageAndThisCheckoutsWrapper() throws Exception {
        Path dir = temp.resolve("My Pipelines");
        assertThat(run("new", dir.toString(), "--package", "org.acme.flows", "--sluice-version", "9.8.7"))
                .as(err.toString())
                .isZero();
        String pom = Files.readString(dir.resolve("pom.xml"));
        assertThat(pom)
                .contains("<artifactId>my-pipelines</artifactId>")
                .contains("<groupId>org.acme.flows</groupId>")
                .contains("<sluice.version>9.8.7</sluice.version>")
                .contains("<quarkus.platform.version>" + NewCommand.quarkusVersion() + "</quarkus.platform.version>")
                .doesNotContain("{{");
        assertThat(Files.readString(dir.resolve("src/main/java/org/acme/flows/Customers.java")))
                .startsWith("package org.acme.flows;")
                .contains("record Config(")
                .contains("WriteMode.upsert(");
        assertThat(Files.readString(dir.resolve("src/main/java/org/acme/flows/CustomerScores.java")))
                .contains("implements KeyedAsset<");
        assertThat(dir.resolve("src/test/java/org/acme/flows/CustomersTest.java"))
                .exists();
        assertThat(dir.resolve("src/test/java/org/acme/flows/CustomerScoresTest.java"))
                .exists();
        assertThat(dir.resolve(".gitignore")).exists();
        assertThat(dir.resolve("README.md")).exists();
        assertThat(Files.readString(dir.resolve("src/main/resources/application.properties")))
                .contains("#sluice.example.enabled=true");
        assertThat(dir.resolve(".mvn/wrapper/maven-wrapper.properties"))
                .hasSameTextualContentAs(Path.of(".mvn/wrapper/maven-wrapper.properties"));
        assertThat(Files.isExecutable(dir.resolve("mvnw"))).isTrue();
        assertThat(out.toString()).contains("my-pipelines").contains("./mvnw -B package");
    }

    @Test
    void anEmptyDirectoryIsFine() throws Exception {
        Path dir = Files.createDirectory(temp.resolve("empty"));
        assertThat(run("new", dir.toString(), "--sluice-version", "1.0.0"))
                .as(err.toString())
                .isZero();
        assertThat(dir.resolve("src/main/java/com/example/pipelines/Customers.java"))
                .exists();
    }

    @Test
    void refusesADirectoryThatIsNotEmptyAndLeavesItAlone() throws Exception {
        Path dir = Files.createDirectory(temp.resolve("taken"));
        Files.writeString(dir.resolve("notes.txt"), "mine");
        assertThat(run("new", dir.toString(), "--sluice-version", "1.0.0")).isEqualTo(SluiceCli.BAD_INPUT);
        assertThat(err.toString()).contains("exists and is not empty");
        try (var files = Files.list(dir)) {
            assertThat(files).containsExactly(dir.resolve("notes.txt"));
        }
    }

    @Test
    void aMissingWrapperIsRefusedBeforeAnyFileIsWrittenAndARetryThenWorks() throws Exception {
        Path checkout = Files.createDirectory(temp.resolve("checkout-without-wrapper"));
        Files.copy(Path.of("mvnw"), checkout.resolve("mvnw"));
        System.setProperty(NewCommand.HOME_PROPERTY, checkout.toString());
        Path dir = temp.resolve("parent/half");
        assertThat(run("new", dir.toString(), "--sluice-version", "1.0.0")).isEqualTo(SluiceCli.BAD_INPUT);
        assertThat(err.toString()).contains("mvnw.cmd").contains("is missing").contains("nothing was written");
        assertThat(temp.resolve("parent")).as("not even the parent directory").doesNotExist();
        try (var files = Files.list(temp)) {
            assertThat(files).containsExactly(checkout);
        }

        System.setProperty(
                NewCommand.HOME_PROPERTY, Path.of("").toAbsolutePath().toString());
        assertThat(run("new", dir.toString(), "--sluice-version", "1.0.0"))
                .as("the same command again, the checkout fixed: " + err)
                .isZero();
        assertThat(dir.resolve("mvnw")).exists();
        assertThat(dir.resolve("pom.xml")).exists();
    }

    @Test
    void aFailureWhileWritingLeavesNothingBehind() throws Exception {
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("pom.xml", "<project/>".getBytes(StandardCharsets.UTF_8));
        files.put("src/main/java/A.java", "class A {}".getBytes(StandardCharsets.UTF_8));
        files.put("src/bad\u0000name", new byte[0]); // the file system refuses the name, after two files were written
        Path fresh = temp.resolve("a/b/fresh");
        assertThatThrownBy(() -> StagedProject.write(fresh, files, Set.of())).isInstanceOf(RuntimeException.class);
        assertThat(temp.resolve("a")).as("parents it created are gone too").doesNotExist();

        Path empty = Files.createDirectory(temp.resolve("empty"));
        assertThatThrownBy(() -> StagedProject.write(empty, files, Set.of())).isInstanceOf(RuntimeException.class);
        try (var left = Files.list(temp)) {
            assertThat(left).as("no staging directory left").containsExactly(empty);
        }
        try (var inside = Files.list(empty)) {
            assertThat(inside).as("the empty directory stays empty").isEmpty();
        }

        files.remove("src/bad\u0000name");
        StagedProject.write(empty, files, Set.of());
        assertThat(empty.resolve("src/main/java/A.java")).hasContent("class A {}");
        try (var left = Files.list(temp)) {
            assertThat(left).containsExactly(empty);
        }
    }

    @Test
    void refusesAPackageThatIsNotAJavaPackage() {
        for (String bad : new String[] {"Com.Example", "com.example.class", "com..x", "com.example-x", "1com"}) {
            StringWriter errors = new StringWriter();
            int code = SluiceCli.run(
                    new String[] {"new", temp.resolve("p").toString(), "--package", bad, "--sluice-version", "1.0.0"},
                    new PrintWriter(new StringWriter()),
                    new PrintWriter(errors));
            assertThat(code).as(bad).isEqualTo(SluiceCli.BAD_INPUT);
            assertThat(errors.toString()).as(bad).contains("is not a Java package name");
        }
        assertThat(temp.resolve("p")).doesNotExist();
    }

    @Test
    void projectNamesComeFromTheDirectoryName() {
        assertThat(Scaffold.artifactIdFor("My Pipelines")).isEqualTo("my-pipelines");
        assertThat(Scaffold.artifactIdFor("--x")).isEqualTo("x");
        assertThat(Scaffold.artifactIdFor("###")).isEqualTo("pipelines");
    }
}
