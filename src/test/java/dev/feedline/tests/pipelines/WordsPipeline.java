package dev.feedline.tests.pipelines;

import dev.feedline.InMemorySource;
import dev.feedline.Map;
import dev.feedline.PaddedBatch;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.Skip;
import dev.feedline.Take;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TInt32;

/** Variable-length elements: skip, take, then batches padded to their longest element. */
@Pipeline
public interface WordsPipeline {
  @InMemorySource
  Sentence sentences();

  @Skip(count = 1)
  Sentence rest(Sentence sentence);

  @Take(count = 4)
  Sentence some(Sentence sentence);

  /** Keeps the first {@code length} slots. */
  @Map(parallel = 2)
  static Words words(Ops tf, Sentence sentence) {
    Operand<TInt32> ids = tf.slice(sentence.slots(), tf.constant(new int[] {0}),
        tf.reshape(sentence.length(), tf.constant(new int[] {1})));
    return new Words(ids, sentence.length());
  }

  @PaddedBatch(size = 3)
  Words batch(Words words);

  @Prefetch(2)
  Words prefetch(Words batch);
}
