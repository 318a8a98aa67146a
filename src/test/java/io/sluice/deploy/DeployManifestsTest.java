package io.sluice.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The deployment files say what the server does: the Kubernetes manifests ({@code deploy/k8s}), the container file and
 * the local cluster script set only settings Sluice reads, probe the health checks on the management port it listens on,
 * and give a node more time to stop than its drain takes.
 */
class DeployManifestsTest {

    private static final Path DEPLOY = Path.of("deploy");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @Test
    void everyWorkloadProbesHealthOnTheManagementPortAndOutlastsItsDrain() throws IOException {
        Map<String, String> config = data("ConfigMap");
        Duration drain = Duration.parse(
                        "PT" + config.get("SLUICE_CLUSTER_DRAIN_GRACE").toUpperCase(Locale.ROOT))
                .plus(Duration.parse(
                        "PT" + config.get("SLUICE_CLUSTER_DRAIN_STOP").toUpperCase(Locale.ROOT)));
        int management = defaultPort("MANAGEMENT_PORT");
        List<JsonNode> workloads = documents().stream()
                .filter(d -> Set.of("Deployment", "StatefulSet")
                        .contains(d.path("kind").asText()))
                .toList();
        assertThat(workloads).extracting(d -> d.path("kind").asText()).contains("Deployment", "StatefulSet");
        for (JsonNode workload : workloads) {
            String name = workload.at("/metadata/name").asText();
            JsonNode pod = workload.at("/spec/template/spec");
            assertThat(Duration.ofSeconds(
                            pod.path("terminationGracePeriodSeconds").asLong()))
                    .as("%s: the grace period exceeds the drain (grace + stop = %s)", name, drain)
                    .isGreaterThan(drain);
            JsonNode container = pod.at("/containers/0");
            Map<String, Integer> ports = new HashMap<>();
            container
                    .path("ports")
                    .forEach(p -> ports.put(
                            p.path("name").asText(), p.path("containerPort").asInt()));
            assertThat(ports).as(name).containsEntry("management", management).containsEntry("http", 8080);
            assertThat(container.at("/readinessProbe/httpGet/path").asText()).isEqualTo("/q/health/ready");
            assertThat(container.at("/livenessProbe/httpGet/path").asText()).isEqualTo("/q/health/live");
            for (String probe : List.of("readinessProbe", "livenessProbe", "startupProbe")) {
                assertThat(container.at("/" + probe + "/httpGet/port").asText())
                        .as("%s: %s on the management port", name, probe)
                        .isEqualTo("management");
            }
            List<String> from = new ArrayList<>();
            container
                    .path("envFrom")
                    .forEach(e ->
                            from.add(e.fields().next().getValue().path("name").asText()));
            assertThat(from)
                    .as("%s: configuration from the ConfigMap and the Secret", name)
                    .contains("sluice");
        }
        assertThat(Files.readString(DEPLOY.resolve("Containerfile")))
                .as("the image listens where the manifests probe")
                .contains("MANAGEMENT_PORT=" + management)
                .contains("PORT=8080");
    }

    @Test
    void theSecretHoldsThePasswordsAndTheConfigMapNone() throws IOException {
        assertThat(data("Secret")).containsKeys("SLUICE_PG_PASSWORD");
        assertThat(data("ConfigMap").keySet()).noneMatch(k -> k.contains("PASSWORD") || k.contains("SECRET"));
    }

    @Test
    void theDeploymentFilesSetOnlySettingsSluiceReads() throws IOException {
        Set<String> known = knownVariables();
        Set<String> used = new TreeSet<>();
        used.addAll(data("ConfigMap").keySet());
        used.addAll(data("Secret").keySet());
        for (JsonNode d : documents()) {
            d.at("/spec/template/spec/containers/0/env")
                    .forEach(e -> used.add(e.path("name").asText()));
        }
        used.addAll(assigned(Files.readString(DEPLOY.resolve("Containerfile")), "ENV"));
        used.addAll(assigned(Files.readString(DEPLOY.resolve("local-cluster.sh")), "export"));
        assertThat(used).as("the variables the deployment files set").hasSizeGreaterThan(10);
        assertThat(used)
                .as("each names a setting of application.properties, a @ConfigProperty or a @ConfigMapping")
                .allSatisfy(v -> assertThat(known).contains(v));
    }

    /** Variables a Sluice process reads: Quarkus's own, the ones application.properties names, and Sluice's settings. */
    private static Set<String> knownVariables() throws IOException {
        Set<String> known = new TreeSet<>(Set.of("QUARKUS_PROFILE", "QUARKUS_HTTP_HOST", "JAVA_TOOL_OPTIONS"));
        String properties = Files.readString(Path.of("src/main/resources/application.properties"));
        Matcher variable = Pattern.compile("\\$\\{([A-Z][A-Z0-9_]*)[:}]").matcher(properties);
        while (variable.find()) {
            known.add(variable.group(1));
        }
        Matcher key =
                Pattern.compile("(?m)^(?:%[\\w,]+\\.)?([a-z][\\w.\\-\"]*)=").matcher(properties);
        while (key.find()) {
            known.add(env(key.group(1)));
        }
        try (Stream<Path> sources = Files.walk(Path.of("src/main/java"))) {
            for (Path source :
                    sources.filter(p -> p.toString().endsWith(".java")).toList()) {
                String java = Files.readString(source);
                Matcher property =
                        Pattern.compile("@ConfigProperty\\(name = \"([^\"]+)\"").matcher(java);
                while (property.find()) {
                    known.add(env(property.group(1)));
                }
                Matcher mapping = Pattern.compile("@ConfigMapping\\(prefix = \"([^\"]+)\"\\)")
                        .matcher(java);
                if (mapping.find()) {
                    Matcher method =
                            Pattern.compile("(?m)^    [\\w<>]+ (\\w+)\\(\\);").matcher(java);
                    while (method.find()) {
                        known.add(env(mapping.group(1) + "." + kebab(method.group(1))));
                    }
                }
            }
        }
        return known;
    }

    /** The environment variable of a property, as SmallRye Config matches it. */
    private static String env(String property) {
        return property.replace("\"", "").toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
    }

    private static String kebab(String method) {
        return method.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
    }

    /** The variables a {@code ENV} instruction or an {@code export} line assigns. */
    private static Set<String> assigned(String text, String keyword) {
        Set<String> names = new TreeSet<>();
        Matcher line = Pattern.compile("(?m)^\\s*" + keyword + "\\s+((?:.*\\\\\\n)*.*)$")
                .matcher(text);
        while (line.find()) {
            Matcher name = Pattern.compile("(?:^|\\s)([A-Z][A-Z0-9_]*)=").matcher(line.group(1));
            while (name.find()) {
                names.add(name.group(1));
            }
        }
        return names;
    }

    private static int defaultPort(String variable) throws IOException {
        Matcher m = Pattern.compile("\\$\\{" + variable + ":(\\d+)}")
                .matcher(Files.readString(Path.of("src/main/resources/application.properties")));
        assertThat(m.find()).as(variable + " in application.properties").isTrue();
        return Integer.parseInt(m.group(1));
    }

    private static Map<String, String> data(String kind) throws IOException {
        JsonNode d = documents().stream()
                .filter(n -> n.path("kind").asText().equals(kind))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind + " in deploy/k8s"));
        Map<String, String> data = new HashMap<>();
        JsonNode values = d.has("stringData") ? d.path("stringData") : d.path("data");
        values.fields().forEachRemaining(e -> data.put(e.getKey(), e.getValue().asText()));
        return data;
    }

    /** Every document of every manifest listed in the kustomization. */
    private static List<JsonNode> documents() throws IOException {
        Path k8s = DEPLOY.resolve("k8s");
        List<JsonNode> documents = new ArrayList<>();
        for (JsonNode resource :
                YAML.readTree(k8s.resolve("kustomization.yaml").toFile()).path("resources")) {
            Path file = k8s.resolve(resource.asText());
            try (YAMLParser parser = new YAMLFactory().createParser(file.toFile())) {
                JsonMapper mapper = new JsonMapper();
                mapper.readValues(parser, JsonNode.class).forEachRemaining(documents::add);
            }
        }
        return documents;
    }
}
