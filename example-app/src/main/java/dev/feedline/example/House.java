package dev.feedline.example;

import dev.feedline.Element;
import dev.feedline.Shape;
import java.util.List;
import org.tensorflow.Operand;
import org.tensorflow.types.TFloat32;

/**
 * A census tract of the Boston house-price table ({@link HousingDataset}): twelve of its
 * columns, taken from the CSV header by name, and the corrected median value, 13 floats. The
 * file's {@code b} column is left out (its ATTRIBUTION.md says why), and so is {@code medv},
 * which {@code cmedv} corrects.
 */
@Element
public record House(
    @Shape({}) Operand<TFloat32> crim,
    @Shape({}) Operand<TFloat32> zn,
    @Shape({}) Operand<TFloat32> indus,
    @Shape({}) Operand<TFloat32> chas,
    @Shape({}) Operand<TFloat32> nox,
    @Shape({}) Operand<TFloat32> rm,
    @Shape({}) Operand<TFloat32> age,
    @Shape({}) Operand<TFloat32> dis,
    @Shape({}) Operand<TFloat32> rad,
    @Shape({}) Operand<TFloat32> tax,
    @Shape({}) Operand<TFloat32> ptratio,
    @Shape({}) Operand<TFloat32> lstat,
    @Shape({}) Operand<TFloat32> cmedv) {

  /** The columns of the CSV header the record takes, in record order. */
  public static final List<String> COLUMNS = List.of("crim", "zn", "indus",
      "chas", "nox", "rm", "age", "dis", "rad", "tax", "ptratio", "lstat", "cmedv");
}
