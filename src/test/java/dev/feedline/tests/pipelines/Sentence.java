package dev.feedline.tests.pipelines;

import dev.feedline.Element;
import dev.feedline.Shape;
import org.tensorflow.Operand;
import org.tensorflow.types.TInt32;

/** Up to 6 token ids in a fixed-size slot, and how many of them are real. */
@Element
public record Sentence(@Shape({6}) Operand<TInt32> slots, @Shape({}) Operand<TInt32> length) {}
