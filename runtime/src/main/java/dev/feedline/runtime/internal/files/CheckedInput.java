package dev.feedline.runtime.internal.files;

import java.util.List;
import java.util.Optional;

/**
 * The one contract of every input the runtime reads: TFRecord files, text files, vocabulary files,
 * the inputs of every pipeline read through another ({@code @Mix}, {@code @Concatenate},
 * {@code @Zip}, {@code @Choose}), and the complete folders of file caches and snapshots.
 *
 * <p>An input records, when the pipeline is built, what each of its files was ({@link
 * FileIdentity}: size, modification and status-change times, inode, sampled bytes) and what its
 * check read ({@link #check}). The pipeline that reads it ({@link DataSource}) checks them when
 * every epoch that reads them starts and ends, and its checkpoints record them, to be compared when
 * they are resumed; every error names the file. Guarantees are therefore not each source kind's
 * own: a kind that does not implement this contract is not read ({@code SourceContractTest}).
 */
public interface CheckedInput {
  /** What the input is, for messages: "TFRecord files", "vocabulary 'words'". */
  String kind();

  /** What the check at {@code build()} read of each file, in words. */
  String check();

  /** What each local file was when it was checked, in reading order; remote files have none. */
  List<FileIdentity> identities();

  /**
   * The first file, in reading order, that is no longer what it was when it was checked: gone,
   * unreadable, or changed.
   */
  default Optional<DataSource.Culprit> changeSinceBuilt() {
    return identities().parallelStream()
        .map(file -> DataFiles.changeSinceBuilt(file)
            .map(change -> new DataSource.Culprit(file.file(), change)))
        .flatMap(Optional::stream)
        .findFirst();
  }
}
