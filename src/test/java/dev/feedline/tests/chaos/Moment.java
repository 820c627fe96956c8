package dev.feedline.tests.chaos;

import java.util.List;

/** When a trial changes its file, in the life of one built pipeline. */
enum Moment {
  BEFORE_BUILD("before build()"),
  BETWEEN_EPOCHS("between epochs 1 and 2"),
  IN_EPOCH_1("in epoch 1, after k batches"),
  IN_EPOCH_2("in epoch 2, after k batches"),
  /**
   * A kill trial's: the run writing the file cache, in a JVM of its own, killed with SIGKILL at a
   * random point; then the file changed, or not.
   */
  AFTER_KILL("after a run writing the cache was killed");

  /** The moments an in-process trial picks from. */
  static final List<Moment> IN_PROCESS = List.of(values()).subList(0, values().length - 1);

  final String description;

  Moment(String description) {
    this.description = description;
  }
}
