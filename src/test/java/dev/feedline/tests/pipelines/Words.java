package dev.feedline.tests.pipelines;

import dev.feedline.Element;
import dev.feedline.Shape;
import org.tensorflow.Operand;
import org.tensorflow.types.TInt32;

/** The real token ids of a sentence: as many as it has. */
@Element
public record Words(@Shape({-1}) Operand<TInt32> ids, @Shape({}) Operand<TInt32> length) {}
