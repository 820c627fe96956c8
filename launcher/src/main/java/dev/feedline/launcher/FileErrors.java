package dev.feedline.launcher;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/** File errors in words: Java's file exceptions often carry nothing but the path. */
public final class FileErrors {
  private FileErrors() {}

  /** Why the operation failed, without the path: "permission denied", "Is a directory". */
  public static String reason(IOException e) {
    if (e instanceof FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof NoSuchFileException) {
      return "no such file or folder";
    }
    if (e instanceof FileAlreadyExistsException) {
      return "it already exists";
    }
    if (e instanceof DirectoryNotEmptyException) {
      return "the folder is not empty";
    }
    if (e instanceof NotDirectoryException) {
      return "not a folder";
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  /** The failure with the file it happened to, where Java names one: "/data/x: permission denied". */
  public static String describe(IOException e) {
    if (e instanceof FileSystemException f && f.getFile() != null) {
      return f.getFile() + (f.getOtherFile() == null ? "" : " -> " + f.getOtherFile()) + ": "
          + reason(e);
    }
    return reason(e);
  }
}
