package io.sluice.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The files of a new project on Sluice ({@code sluice new}): templates from {@code io/sluice/cli/scaffold} with their
 * {@code {{name}}} placeholders filled in. Pure: it reads the templates and returns the files' paths and texts, the
 * command writes them.
 */
public record Scaffold(String packageName, String artifactId, String sluiceVersion, String quarkusVersion) {

    private static final Pattern PACKAGE = Pattern.compile("[a-z_][a-z0-9_]*(\\.[a-z_][a-z0-9_]*)*");
    private static final Pattern ARTIFACT = Pattern.compile("[a-z0-9][a-z0-9._-]*");
    private static final Pattern VERSION = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");
    private static final Set<String> KEYWORDS = Set.of(
            "abstract",
            "assert",
            "boolean",
            "break",
            "byte",
            "case",
            "catch",
            "char",
            "class",
            "const",
            "continue",
            "default",
            "do",
            "double",
            "else",
            "enum",
            "extends",
            "final",
            "finally",
            "float",
            "for",
            "goto",
            "if",
            "implements",
            "import",
            "instanceof",
            "int",
            "interface",
            "long",
            "native",
            "new",
            "package",
            "private",
            "protected",
            "public",
            "return",
            "short",
            "static",
            "strictfp",
            "super",
            "switch",
            "synchronized",
            "this",
            "throw",
            "throws",
            "transient",
            "try",
            "void",
            "volatile",
            "while",
            "true",
            "false",
            "null",
            "_");

    public Scaffold {
        if (!PACKAGE.matcher(packageName).matches()
                || Set.of(packageName.split("\\.")).stream().anyMatch(KEYWORDS::contains)) {
            throw new IllegalArgumentException("--package '" + packageName
                    + "' is not a Java package name: lower-case words separated by dots, like com.example.pipelines");
        }
        if (!ARTIFACT.matcher(artifactId).matches()) {
            throw new IllegalArgumentException("the project name '" + artifactId
                    + "' (from the directory's name) is not a Maven artifact id: lower-case letters, digits, . _ -");
        }
        if (!VERSION.matcher(sluiceVersion).matches()
                || !VERSION.matcher(quarkusVersion).matches()) {
            throw new IllegalArgumentException("versions must be like 0.1.0 or 3.33.2");
        }
    }

    /** The project name for a directory name: lower case, other characters than letters, digits, . _ - become -. */
    public static String artifactIdFor(String directoryName) {
        String name = directoryName.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9._-]+", "-");
        name = name.replaceAll("^[^a-z0-9]+", "");
        return name.isEmpty() ? "pipelines" : name;
    }

    /** Each file of the project (a path relative to its directory, with / separators) and its text, in writing order. */
    public Map<String, String> files() {
        String sources = packageName.replace('.', '/');
        Map<String, String> files = new LinkedHashMap<>();
        files.put("pom.xml", fill("pom.xml.tmpl"));
        files.put(".gitignore", fill("gitignore.tmpl"));
        files.put("README.md", fill("README.md.tmpl"));
        files.put("src/main/resources/application.properties", fill("application.properties.tmpl"));
        files.put("src/main/java/" + sources + "/Customers.java", fill("Customers.java.tmpl"));
        files.put("src/main/java/" + sources + "/CustomerScores.java", fill("CustomerScores.java.tmpl"));
        files.put("src/test/java/" + sources + "/CustomersTest.java", fill("CustomersTest.java.tmpl"));
        files.put("src/test/java/" + sources + "/CustomerScoresTest.java", fill("CustomerScoresTest.java.tmpl"));
        return files;
    }

    private String fill(String template) {
        return read(template)
                .replace("{{package}}", packageName)
                .replace("{{packagePath}}", packageName.replace('.', '/'))
                .replace("{{groupId}}", packageName)
                .replace("{{artifactId}}", artifactId)
                .replace("{{sluiceVersion}}", sluiceVersion)
                .replace("{{quarkusVersion}}", quarkusVersion);
    }

    private static String read(String template) {
        try (InputStream in = Scaffold.class.getResourceAsStream("scaffold/" + template)) {
            if (in == null) {
                throw new IllegalStateException("the scaffold template " + template + " is missing from this build");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
