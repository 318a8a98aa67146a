package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
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
