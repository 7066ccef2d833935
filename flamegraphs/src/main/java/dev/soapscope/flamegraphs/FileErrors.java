package dev.soapscope.flamegraphs;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.Locale;

/** A failed file operation as one line that names the path and what went wrong, not an exception's class name. */
final class FileErrors {
    private FileErrors() {
    }

    /** {@code PATH: what went wrong}, or the message of an I/O error that names no path. */
    static String describe(IOException e) {
        if (!(e instanceof FileSystemException)) {
            return e.getMessage() != null ? e.getMessage() : e.toString();
        }
        FileSystemException f = (FileSystemException) e;
        String path = f.getFile() + (f.getOtherFile() == null ? "" : " -> " + f.getOtherFile());
        return path + ": " + (f.getReason() != null ? lowerFirst(f.getReason()) : what(f));
    }

    /** Creates {@code dir} and its parents; a failure says which directory could not be created, and why. */
    static void createDirectories(Path dir) throws IOException {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new IOException("cannot create the directory " + describe(e), e);
        }
    }

    private static String what(FileSystemException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "already exists";
        }
        if (e instanceof NotDirectoryException) {
            return "not a directory";
        }
        if (e instanceof DirectoryNotEmptyException) {
            return "directory not empty";
        }
        return e.getClass().getSimpleName();
    }

    private static String lowerFirst(String s) {
        return s.isEmpty() ? s : s.substring(0, 1).toLowerCase(Locale.ROOT) + s.substring(1);
    }
}
