package io.sluice.example;

import io.sluice.automation.AutomationStatus;
import io.sluice.automation.Launch;
import io.sluice.automation.LaunchRequest;
import io.sluice.automation.SensorContext;
import io.sluice.automation.SensorResult;
import io.sluice.automation.SensorSpec;
import io.sluice.automation.sensor.DeclaredSensor;
import io.sluice.catalog.AssetKey;
import io.sluice.partitions.PartitionKeyRange;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * {@code filing_inbox}: a sensor on the folder {@code inbox} under the data directory. A filing file dropped there whose
 * name starts with its filing day ({@code 2024-03-15.csv}, {@code 2024-03-15-late.txt}) launches extract and raw for
 * that day; other names, names holding control or bidi characters, and days that are not filing days yet, are noted in
 * the tick (names escaped) and left alone. The cursor remembers which files were seen and how they were (size and
 * modification time, {@link InboxFiles}), so each file launches once whatever its time says, and again only if it
 * changes. It runs from a fresh install: it only reacts to files someone drops, and an empty or missing inbox is a
 * skipped tick.
 */
@ApplicationScoped
public class InboxSensor implements DeclaredSensor {

    public static final String NAME = "filing_inbox";
    static final List<AssetKey> ASSETS =
            List.of(AssetKey.parse("extract/form_adv_filings"), AssetKey.parse("raw/form_adv_filings"));

    private final SensorSpec spec;
    private final Path inbox;

    @Inject
    public InboxSensor(
            @ConfigProperty(name = "sluice.data-dir") String dataDir,
            @ConfigProperty(name = "sluice.example.inbox-interval", defaultValue = "5s") Duration interval) {
        this(Path.of(dataDir).resolve("inbox"), interval);
    }

    InboxSensor(Path inbox, Duration interval) {
        this.inbox = inbox;
        this.spec = new SensorSpec(NAME, interval, AutomationStatus.RUNNING);
    }

    @Override
    public SensorSpec spec() {
        return spec;
    }

    public Path inbox() {
        return inbox;
    }

    @Override
    public SensorResult evaluate(SensorContext context, Optional<String> cursor) {
        if (!Files.isDirectory(inbox)) {
            return SensorResult.skip("no folder " + inbox + " yet: drop filing files like 2024-03-15.csv into it");
        }
        List<InboxFiles.File> present = list();
        InboxFiles.Scan scan = InboxFiles.scan(
                present, InboxFiles.Seen.parse(cursor, present), FormAdvTables.FILING_DAYS.at(context.now()));
        if (scan.days().isEmpty()) {
            SensorResult skipped = SensorResult.skip(scan.summary());
            return scan.changed() ? skipped.withCursor(scan.seen().format()) : skipped;
        }
        List<Launch> launches = scan.days().stream()
                .map(day -> (Launch)
                        LaunchRequest.of(ASSETS, List.of(PartitionKeyRange.single(day)), reason(scan.filesOf(day))))
                .toList();
        SensorResult launched =
                new SensorResult(launches, List.of(), Optional.of(scan.seen().format()), Optional.empty());
        return scan.note().map(launched::withNote).orElse(launched);
    }

    private static String reason(List<String> files) {
        String named = String.join(", ", files.subList(0, Math.min(3, files.size())));
        String more = files.size() > 3 ? " and " + (files.size() - 3) + " more" : "";
        String reason = "filing file dropped into the inbox: " + named + more;
        if (reason.length() <= 500) {
            return reason;
        }
        int cut = Character.isHighSurrogate(reason.charAt(499)) ? 499 : 500; // never half a character
        return reason.substring(0, cut) + "...";
    }

    /** The regular files in the inbox with their size and modification time; one gone while listed is left out. */
    private List<InboxFiles.File> list() {
        List<InboxFiles.File> found = new ArrayList<>();
        try (Stream<Path> files = Files.list(inbox)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                try {
                    BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
                    if (attributes.isRegularFile()) {
                        found.add(new InboxFiles.File(
                                file.getFileName().toString(),
                                attributes.size(),
                                attributes.lastModifiedTime().toMillis()));
                    }
                } catch (NoSuchFileException gone) {
                    // taken away between the listing and the look: it is not there
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + inbox, e);
        }
        return found;
    }
}
