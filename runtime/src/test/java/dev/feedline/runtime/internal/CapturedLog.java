package dev.feedline.runtime.internal;

import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/** The messages one logger writes while this is open, formatted. */
public final class CapturedLog implements AutoCloseable {
  private final Logger logger;
  private final List<String> messages = new ArrayList<>();
  private final Handler handler = new Handler() {
    @Override
    public void publish(LogRecord record) {
      messages.add(MessageFormat.format(record.getMessage(), record.getParameters()));
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  };

  /** Captures what the logger of {@code type} writes (System.Logger names loggers by class). */
  public CapturedLog(Class<?> type) {
    this.logger = Logger.getLogger(type.getName());
    logger.addHandler(handler);
  }

  public List<String> messages() {
    return List.copyOf(messages);
  }

  @Override
  public void close() {
    logger.removeHandler(handler);
  }
}
