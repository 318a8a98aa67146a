package io.sluice.example;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.automation.Launch;
import io.sluice.automation.LaunchRequest;
import io.sluice.automation.SensorContext;
import io.sluice.automation.SensorResult;
import io.sluice.partitions.PartitionKeyRange;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The inbox sensor on a folder of its own: each new filing file launches its day once; the cursor remembers. */
class InboxFilesTest {

    private static final Instant NOW = Instant.parse("2025-03-01T12:00:00Z");

    @TempDir
    Path dir;

    private InboxSensor sensor() {
        return new InboxSensor(dir.resolve("inbox"), Duration.ofSeconds(5));
    }

    private static SensorResult evaluate(InboxSensor sensor, Optional<String> cursor) {
        return sensor.evaluate(new SensorContext(InboxSensor.NAME, NOW, Optional.empty()), cursor);
    }

    private Path drop(String name, long millis) throws IOException {
        Path file = Files.writeString(dir.resolve("inbox").resolve(name), "filing");
        Files.setLastModifiedTime(file, FileTime.fromMillis(millis));
        return file;
    }

    @Test
    void aMissingInboxIsASkippedTick() {
        SensorResult result = evaluate(sensor(), Optional.empty());
        assertThat(result.launches()).isEmpty();
        assertThat(result.skipReason().orElseThrow()).contains("no folder");
    }

    @Test
    void aDroppedFileLaunchesItsDayOnceAndTheNextTickNothing() throws IOException {
        Files.createDirectories(dir.resolve("inbox"));
        drop("2024-03-15.csv", 1_000);
        InboxSensor sensor = sensor();

        SensorResult first = evaluate(sensor, Optional.empty());

        assertThat(first.launches()).hasSize(1);
        LaunchRequest launch = (LaunchRequest) first.launches().get(0);
        assertThat(launch.assets()).isEqualTo(InboxSensor.ASSETS);
        assertThat(launch.partitions()).containsExactly(PartitionKeyRange.single("2024-03-15"));
        assertThat(launch.reason()).contains("2024-03-15.csv");

        SensorResult second = evaluate(sensor, first.cursor());
        assertThat(second.launches()).isEmpty();
        assertThat(second.cursor()).isEmpty(); // nothing new: the cursor stays
    }

    @Test
    void filesAsNewAsTheCursorWithOtherNamesAreNewAndFilesOfOneDayShareALaunch() throws IOException {
        Files.createDirectories(dir.resolve("inbox"));
        drop("2024-03-15.csv", 1_000);
        InboxSensor sensor = sensor();
        Optional<String> cursor = evaluate(sensor, Optional.empty()).cursor();
        drop("2024-03-15-late.csv", 1_000); // same modification time, another name
        drop("2024-03-16.csv", 2_000);
        drop("2024-03-16-b.csv", 2_000);

        SensorResult result = evaluate(sensor, cursor);

        assertThat(result.launches())
                .extracting(l -> ((LaunchRequest) l).partitions())
                .containsExactly(
                        List.of(PartitionKeyRange.single("2024-03-15")),
                        List.of(PartitionKeyRange.single("2024-03-16")));
        assertThat(evaluate(sensor, result.cursor()).launches()).isEmpty();
    }

    @Test
    void filesWithoutAFilingDayAreNotedAndRemembered() throws IOException {
        Files.createDirectories(dir.resolve("inbox"));
        drop("notes.txt", 1_000);
        drop("2030-01-01.csv", 1_500); // not a filing day yet on 2025-03-01
        drop("1999-12-31.csv", 1_600); // before the first filing day
        InboxSensor sensor = sensor();

        SensorResult result = evaluate(sensor, Optional.empty());

        assertThat(result.launches()).isEmpty();
        assertThat(result.skipReason().orElseThrow())
                .contains("notes.txt")
                .contains("2030-01-01.csv")
                .contains("1999-12-31.csv");
        assertThat(result.cursor()).isPresent();
        assertThat(evaluate(sensor, result.cursor()).skipReason()).contains("no new filing file in the inbox");
    }

    @Test
    void aLongBacklogIsTakenAHundredFilesATick() throws IOException {
        Files.createDirectories(dir.resolve("inbox"));
        for (int i = 0; i < 150; i++) {
            drop(java.time.LocalDate.of(2020, 1, 1).plusDays(i) + ".csv", 1_000 + i);
        }
        InboxSensor sensor = sensor();

        SensorResult first = evaluate(sensor, Optional.empty());
        SensorResult second = evaluate(sensor, first.cursor());

        assertThat(first.launches()).hasSize(InboxFiles.MAX_PER_TICK);
        assertThat(second.launches()).hasSize(150 - InboxFiles.MAX_PER_TICK);
        List<Launch> all = new java.util.ArrayList<>(first.launches());
        all.addAll(second.launches());
        assertThat(all)
                .extracting(l -> ((LaunchRequest) l).partitions().get(0).start())
                .doesNotHaveDuplicates();
    }

    private static List<String> days(SensorResult result) {
        return result.launches().stream()
                .map(l -> ((LaunchRequest) l).partitions().get(0).start())
                .toList();
    }

    @Test
    void aFileMovedInWithAnOlderTimeThanTheFilesSeenLaunches() throws IOException {
        Files.createDirectories(dir.resolve("inbox"));
        drop("2024-03-15.csv", 5_000_000);
        InboxSensor sensor = sensor();
        Optional<String> cursor = evaluate(sensor, Optional.empty()).cursor();
        // mv, cp -p, rsync -t or an unpacked archive keep the file's own, older, modification time
        drop("2024-03-14.csv", 1_000);
        drop("2024-03-13.csv", 5_000_000); // as old as the newest seen, another name

        SensorResult result = evaluate(sensor, cursor);

        assertThat(days(result)).containsExactlyInAnyOrder("2024-03-14", "2024-03-13");
        assertThat(evaluate(sensor, result.cursor()).launches()).isEmpty();
    }

    @Test
    void aFileDatedInTheFutureDoesNotHideTheFilesDroppedAfterIt() throws IOException {
        Files.createDirectories(dir.resolve("inbox"));
        drop("2024-03-15.csv", NOW.plus(Duration.ofDays(3650)).toEpochMilli());
        InboxSensor sensor = sensor();
        SensorResult first = evaluate(sensor, Optional.empty());
        assertThat(days(first)).containsExactly("2024-03-15");

        drop("2024-03-16.csv", NOW.toEpochMilli());
        SensorResult second = evaluate(sensor, first.cursor());

        assertThat(days(second)).containsExactly("2024-03-16");
    }

    @Test
    void aFileChangedInPlaceIsNewAgainAndAnUnchangedOneIsNot() throws IOException {
        Files.createDirectories(dir.resolve("inbox"));
        Path file = drop("2024-03-15.csv", 1_000);
        InboxSensor sensor = sensor();
        Optional<String> cursor = evaluate(sensor, Optional.empty()).cursor();
        Files.setLastModifiedTime(file, FileTime.fromMillis(1_000)); // touched to the same time: the same file
        assertThat(evaluate(sensor, cursor).launches()).isEmpty();

        Files.writeString(file, "filing, corrected");
        Files.setLastModifiedTime(file, FileTime.fromMillis(1_000)); // another size, the same time

        assertThat(days(evaluate(sensor, cursor))).containsExactly("2024-03-15");
    }

    @Test
    void aNameWithAControlOrBidiCharacterIsSkippedAndNamedEscapedAndTheOtherFilesLaunch() throws IOException {
        Files.createDirectories(dir.resolve("inbox"));
        drop("2024-03-14\u202e.csv", 1_000);
        drop("2024-03-15\u0007.csv", 1_000);
        drop("2024-03-16.csv", 2_000);
        InboxSensor sensor = sensor();

        SensorResult first = evaluate(sensor, Optional.empty());

        assertThat(days(first)).containsExactly("2024-03-16");
        String note = first.note().orElseThrow();
        assertThat(note)
                .contains("'2024-03-14\\u202e.csv'")
                .contains("'2024-03-15\\u0007.csv'")
                .contains("bidi control")
                .contains("control character");
        assertThat(note).doesNotContain("\u202e").doesNotContain("\u0007");
        assertThat(first.launches())
                .allSatisfy(l -> assertThat(l.reason()).doesNotContain("\u202e").doesNotContain("\u0007"));
        assertThat(first.cursor().orElseThrow())
                .as("the cursor names them escaped")
                .doesNotContain("\u202e")
                .contains("%u202e");

        drop("2024-03-17.csv", 3_000);
        SensorResult second = evaluate(sensor, first.cursor());
        assertThat(days(second)).as("a valid file dropped after them launches").containsExactly("2024-03-17");
        assertThat(second.note()).as("the bad names were told once").isEmpty();
    }

    @Test
    void onlyFilesStillInTheFolderAreRemembered() throws IOException {
        Files.createDirectories(dir.resolve("inbox"));
        Path gone = drop("2024-03-14.csv", 1_000);
        drop("2024-03-15.csv", 1_000);
        InboxSensor sensor = sensor();
        Optional<String> cursor = evaluate(sensor, Optional.empty()).cursor();
        assertThat(cursor.orElseThrow()).contains("2024-03-14.csv");

        Files.delete(gone);
        SensorResult after = evaluate(sensor, cursor);

        assertThat(after.launches()).isEmpty();
        assertThat(after.cursor().orElseThrow())
                .doesNotContain("2024-03-14.csv")
                .contains("2024-03-15.csv");
        drop("2024-03-14.csv", 1_000); // dropped again: new again
        assertThat(days(evaluate(sensor, after.cursor()))).containsExactly("2024-03-14");
    }

    @Test
    void aCursorOfThePreviousFormatLaunchesNothingItHadSeen() throws IOException {
        Files.createDirectories(dir.resolve("inbox"));
        drop("2024-03-13.csv", 1_000);
        drop("2024-03-14.csv", 2_000);
        drop("2024-03-15.csv", 2_000);
        InboxSensor sensor = sensor();
        // before: the newest modification time seen and the names seen at it
        Optional<String> legacy = Optional.of("2000\n2024-03-14.csv");

        SensorResult result = evaluate(sensor, legacy);

        assertThat(days(result)).containsExactly("2024-03-15");
        assertThat(evaluate(sensor, result.cursor()).launches()).isEmpty();
    }

    @Test
    void namesWriteAndReadBackWhateverTheyHold() {
        for (String name :
                List.of("plain.csv", "50% done.csv", "a\u202eb", "tab\there", "%u0041", "emoji \ud83d\ude00")) {
            assertThat(InboxFiles.decode(InboxFiles.encode(name))).isEqualTo(name);
            assertThat(InboxFiles.encode(name)).doesNotContain("\u202e").doesNotContain("\t");
        }
    }
}
