package io.sluice.cluster;

import io.sluice.runs.RunOwner;
import io.sluice.runs.RunSettings;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * This process as a node of the cluster: a new id at every start (and again when it re-registers after being declared
 * lost), where it runs, and the owners of runs its start settles. The runs see it through {@link RunOwner}.
 */
@ApplicationScoped
public class ThisNode implements RunOwner {

    private final String host;
    private final String dataDir;
    private final String name;
    private final String version;
    private final RunSettings runs;
    private volatile String id = UUID.randomUUID().toString();
    private volatile Set<String> earlierStarts = Set.of();

    ThisNode(
            RunSettings runs,
            @ConfigProperty(name = "sluice.data-dir") String dataDir,
            @ConfigProperty(name = "sluice.node.name") Optional<String> name,
            @ConfigProperty(name = "quarkus.application.version", defaultValue = "dev") String version) {
        this.runs = runs;
        this.host = cut(hostName(), 255);
        this.dataDir = cut(Path.of(dataDir).toAbsolutePath().normalize().toString(), 1000);
        this.name = cut(name.filter(n -> !n.isBlank()).orElse(host + ":" + this.dataDir), 200);
        this.version = cut(version, 40);
    }

    @Override
    public String nodeId() {
        return id;
    }

    /** Every node claims runs that write the lake until a node can run without the lake. */
    @Override
    public boolean lakeRuns() {
        return true;
    }

    @Override
    public Set<String> earlierStarts() {
        return earlierStarts;
    }

    void earlierStarts(Set<String> owners) {
        this.earlierStarts = Set.copyOf(owners);
    }

    /** Takes the id under which this node registered again (it was declared lost). */
    void identity(String registered) {
        id = registered;
    }

    public String name() {
        return name;
    }

    public String host() {
        return host;
    }

    public String dataDir() {
        return dataDir;
    }

    /** This node as it registers now, under {@code id}. */
    Node starting(String id, Instant now, Duration lease) {
        return Node.starting(
                id,
                name,
                host,
                dataDir,
                ProcessHandle.current().pid(),
                version,
                runs.execute(),
                runs.execute() ? runs.workers() : 0,
                now,
                lease);
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return Optional.ofNullable(System.getenv("HOSTNAME")).orElse("localhost");
        }
    }

    private static String cut(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max);
    }
}
