package dev.feedline.example;

import dev.feedline.Element;
import dev.feedline.Shape;
import org.tensorflow.Operand;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;

/**
 * A word ready for the model: its letters' vocabulary ids, how many there are, and its class:
 * 0 to 4 for 1 to 5 or more syllables.
 */
@Element
public record Word(
    @Shape({-1}) Operand<TInt64> ids,
    @Shape({}) Operand<TInt32> length,
    @Shape({}) Operand<TInt64> label) {}
