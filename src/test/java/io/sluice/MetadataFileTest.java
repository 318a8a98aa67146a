package io.sluice;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Naming the process that holds the metadata file, from the text of /proc/locks. */
class MetadataFileTest {

    private static final String LOCKS = """
            1: POSIX  ADVISORY  WRITE 4242 fd:01:1234567 0 EOF
            1: -> POSIX  ADVISORY  WRITE 777 fd:01:1234567 0 EOF
            2: FLOCK  ADVISORY  WRITE 99 00:1c:42 0 EOF
            3: OFDLCK ADVISORY  READ  -1 00:1c:7 0 EOF
            """;

    @Test
    void theHolderOfTheFilesInodeIsFoundAndNotAProcessWaitingForIt() {
        assertThat(MetadataFile.holder(LOCKS, 1234567, 1)).contains(4242L);
        assertThat(MetadataFile.holder(LOCKS, 42, 1)).contains(99L);
    }

    @Test
    void noHolderIsFoundForAnotherFileOurselvesOrALockWithoutAProcess() {
        assertThat(MetadataFile.holder(LOCKS, 555, 1)).isEmpty();
        assertThat(MetadataFile.holder(LOCKS, 1234567, 4242)).isEmpty();
        assertThat(MetadataFile.holder(LOCKS, 7, 1)).isEmpty();
        assertThat(MetadataFile.holder("", 7, 1)).isEmpty();
    }

    @Test
    void aLongCommandLineKeepsItsProgramAndItsEnd() {
        String cmd = "/usr/bin/java -Xmx1g -cp " + "/a/very/long/class/path.jar:".repeat(50)
                + " org.h2.tools.Shell -url jdbc:h2:./data/metadata";
        String shown = MetadataFile.shortened(cmd);
        assertThat(shown)
                .startsWith("/usr/bin/java ... ")
                .endsWith("org.h2.tools.Shell -url jdbc:h2:./data/metadata")
                .hasSizeLessThan(170);
        assertThat(MetadataFile.shortened("h2 shell")).isEqualTo("h2 shell");
    }
}
