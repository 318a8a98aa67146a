package io.sluice;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.Locale;

/** What the file system said about a failed file operation, as words for a one-line message: "permission denied". */
public final class IoReason {

    private IoReason() {}

    public static String of(IOException e) {
        String reason;
        if (e instanceof AccessDeniedException) {
            reason = "permission denied";
        } else if (e instanceof FileSystemException f && f.getReason() != null) {
            reason = f.getReason();
        } else if (e instanceof NoSuchFileException) {
            reason = "no such file or directory";
        } else if (e instanceof NotDirectoryException) {
            reason = "not a directory";
        } else if (e instanceof FileAlreadyExistsException) {
            reason = "a file is in the way";
        } else if (e instanceof FileSystemException) {
            reason = "file system error";
        } else {
            reason = e.getMessage() == null ? "input/output error" : e.getMessage();
        }
        return reason.toLowerCase(Locale.ROOT);
    }
}
