package dev.feedline.example;

import dev.feedline.Element;
import dev.feedline.LengthOf;
import dev.feedline.Shape;
import org.tensorflow.Operand;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * A word as its TFRecord holds it: its letters, one string each, and its number of syllables;
 * the parse adds how many letters it has.
 */
@Element
public record Spelling(
    @Shape({-1}) Operand<TString> letters,
    @LengthOf("letters") @Shape({}) Operand<TInt32> length,
    @Shape({}) Operand<TInt64> syllables) {}
