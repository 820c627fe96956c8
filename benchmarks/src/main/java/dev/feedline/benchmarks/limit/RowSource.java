package dev.feedline.benchmarks.limit;

/** A pipeline under measurement: each call reads one epoch and says how many rows it held. */
interface RowSource extends AutoCloseable {
  /** Reads one epoch, every batch fetched into Java tensors and closed; returns its rows. */
  long epoch();

  @Override
  void close();
}
