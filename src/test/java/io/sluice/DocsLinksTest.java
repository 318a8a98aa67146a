package io.sluice;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README and docs/ stay usable from a clone: every relative link resolves to a file of the repository (and its
 * anchor, if any, to a heading there), the README stays short, and nothing cites files outside the repository.
 */
class DocsLinksTest {

    private static final Path ROOT = Path.of("").toAbsolutePath().normalize();
    private static final Pattern INLINE_LINK =
            Pattern.compile("!?\\[[^\\]]*]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    private static final Pattern REFERENCE_LINK =
            Pattern.compile("(?m)^ {0,3}\\[[^\\]]+]:\\s*<?(\\S+?)>?(?:\\s+\"[^\"]*\")?\\s*$");
    private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:");
    private static final Pattern HEADING = Pattern.compile("^ {0,3}#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern FENCE = Pattern.compile("^ {0,3}(```|~~~)");
    /** Outside the repository: a clone does not have them. Spelt in pieces so that this file does not cite them. */
    private static final List<String> OUTSIDE = List.of("../" + "shared/", "/work/" + "shared", "BITEMPORAL" + ".md");

    @Test
    void every_relative_link_in_the_readme_and_docs_resolves_inside_the_repository() throws IOException {
        List<String> broken = new ArrayList<>();
        Map<Path, Set<String>> anchors = new HashMap<>();
        for (Path doc : docs()) {
            for (String target : links(Files.readString(doc))) {
                problem(doc, target, anchors)
                        .ifPresent(p -> broken.add(ROOT.relativize(doc) + ": " + target + " (" + p + ")"));
            }
        }
        assertThat(broken).as("links that do not resolve").isEmpty();
    }

    @Test
    void the_readme_has_at_most_300_lines() throws IOException {
        assertThat(Files.readAllLines(ROOT.resolve("README.md")))
                .as("lines of README.md")
                .hasSizeLessThanOrEqualTo(300); // details go in docs/
    }

    @Test
    void nothing_in_the_repository_cites_files_outside_it() throws IOException {
        List<String> citations = new ArrayList<>();
        for (Path file : repositoryFiles()) {
            String text = textOf(file);
            for (String outside : OUTSIDE) {
                if (text != null && text.contains(outside)) {
                    citations.add(ROOT.relativize(file) + " cites " + outside);
                }
            }
        }
        assertThat(citations).as("citations of files a clone does not have").isEmpty();
    }

    @Test
    void the_link_checker_sees_a_broken_link_a_missing_anchor_and_ignores_code() {
        Map<Path, Set<String>> anchors = new HashMap<>();
        Path readme = ROOT.resolve("README.md");
        assertThat(
                        links(
                                "see [a](docs/nope.md), `[b](docs/nope2.md)`\n```\n[c](docs/nope3.md)\n```\n[d]: docs/api.md#x"))
                .containsExactly("docs/nope.md", "docs/api.md#x");
        assertThat(problem(readme, "docs/nope.md", anchors)).isPresent();
        assertThat(problem(readme, "docs/api.md#no-such-heading", anchors)).isPresent();
        assertThat(problem(readme, "../outside.md", anchors)).isPresent();
        assertThat(problem(readme, "docs/api.md#endpoints", anchors)).isEmpty();
        assertThat(problem(readme, "https://example.com/nope", anchors)).isEmpty();
        assertThat(slug("DuckDB: memory, threads, `temp` directory")).isEqualTo("duckdb-memory-threads-temp-directory");
        assertThat(slug("6. Queries")).isEqualTo("6-queries");
        assertThat(slug("The example's history")).isEqualTo("the-examples-history");
    }

    private static List<Path> docs() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
            files.filter(f -> f.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        assertThat(docs).as("docs/*.md").hasSizeGreaterThan(1);
        return docs;
    }

    /** Link targets of a Markdown text, outside code blocks and code spans. */
    static List<String> links(String markdown) {
        String prose = withoutCode(markdown);
        List<String> targets = new ArrayList<>();
        for (Pattern pattern : List.of(INLINE_LINK, REFERENCE_LINK)) {
            Matcher m = pattern.matcher(prose);
            while (m.find()) {
                targets.add(m.group(1));
            }
        }
        return targets;
    }

    /** Why {@code target}, linked from {@code doc}, does not resolve; empty if it does or is not relative. */
    static Optional<String> problem(Path doc, String target, Map<Path, Set<String>> anchors) {
        if (SCHEME.matcher(target).find()) {
            return Optional.empty();
        }
        int hash = target.indexOf('#');
        String path = hash < 0 ? target : target.substring(0, hash);
        String anchor = hash < 0 ? null : target.substring(hash + 1);
        Path file = path.isEmpty() ? doc : doc.getParent().resolve(path).normalize();
        if (!file.startsWith(ROOT)) {
            return Optional.of("outside the repository");
        }
        if (!Files.exists(file)) {
            return Optional.of("no such file");
        }
        if (anchor != null) {
            if (!Files.isRegularFile(file) || !file.toString().endsWith(".md")) {
                return Optional.of("an anchor into a file that is not Markdown");
            }
            if (!anchors.computeIfAbsent(file, DocsLinksTest::headings).contains(anchor)) {
                return Optional.of("no heading with anchor #" + anchor);
            }
        }
        return Optional.empty();
    }

    /** The anchors GitHub gives the headings of a Markdown file (a repeated heading gets -1, -2, ...). */
    private static Set<String> headings(Path file) {
        Set<String> anchors = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean inFence = false;
        try {
            for (String line : Files.readAllLines(file)) {
                if (FENCE.matcher(line).find()) {
                    inFence = !inFence;
                    continue;
                }
                Matcher m = HEADING.matcher(line);
                if (!inFence && m.matches()) {
                    String slug = slug(m.group(1));
                    int n = seen.merge(slug, 1, Integer::sum);
                    anchors.add(n == 1 ? slug : slug + "-" + (n - 1));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return anchors;
    }

    /** GitHub's anchor of a heading: its text without markup, lower case, punctuation dropped, spaces as hyphens. */
    static String slug(String heading) {
        String text = heading.replaceAll("\\[([^\\]]*)]\\([^)]*\\)", "$1").replaceAll("[`*]", "");
        return text.toLowerCase(Locale.ROOT)
                .replaceAll("[^\\p{L}\\p{N} _-]", "")
                .replace(' ', '-');
    }

    private static String withoutCode(String markdown) {
        StringBuilder prose = new StringBuilder();
        boolean inFence = false;
        for (String line : markdown.split("\n", -1)) {
            if (FENCE.matcher(line).find()) {
                inFence = !inFence;
                prose.append('\n');
                continue;
            }
            prose.append(inFence ? "" : line.replaceAll("(`+)[^`]*?\\1", "")).append('\n');
        }
        return prose.toString();
    }

    /** The repository's own files: sources, docs, deploy, CI and browser tests, without build output or packages. */
    private static List<Path> repositoryFiles() throws IOException {
        List<Path> files = new ArrayList<>();
        for (String top : List.of("README.md", "docs", "src", "deploy", "ui", ".ci", "pom.xml", "sluice")) {
            Path start = ROOT.resolve(top);
            if (!Files.exists(start)) {
                continue;
            }
            try (Stream<Path> walk = Files.walk(start)) {
                walk.filter(Files::isRegularFile)
                        .filter(f -> !f.toString().contains("node_modules")
                                && !ROOT.relativize(f).startsWith("target"))
                        .forEach(files::add);
            }
        }
        assertThat(files).as("files of the repository").anyMatch(f -> f.endsWith("DocsLinksTest.java"));
        return files;
    }

    /** The file's text, or null if it is not UTF-8 text (a binary resource) or too large to be a source. */
    private static String textOf(Path file) throws IOException {
        if (Files.size(file) > 4_000_000) {
            return null;
        }
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .decode(ByteBuffer.wrap(Files.readAllBytes(file)))
                    .toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
