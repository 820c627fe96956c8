package dev.feedline.doctor;

import dev.feedline.Interleave;
import dev.feedline.Shuffle;
import dev.feedline.runtime.internal.DatasetIterator;
import dev.feedline.runtime.PipelineInfo;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.tensorflow.GraphOperation;
import org.tensorflow.proto.DataType;
import org.tensorflow.proto.TensorProto;

/**
 * Each host stage's dataset op, found by walking the graph back from the first epoch's
 * {@code MakeIterator}, across the variable that parks the stages up to the cache: the op of the
 * type the generated pipeline declares for the stage.
 */
public final class StageChain {
  /**
   * A host stage and the op that makes its dataset, with what the doctor reads from it while its
   * graph is open.
   *
   * @param position the stage's number in the pipeline, from 1
   * @param op the op; valid only while its graph is open
   * @param type the op's type
   * @param sequential whether the stage runs one element at a time: a map or interleave without
   *     parallelism
   * @param size the shuffle's buffer, the batch's or the prefetch's size; null for other stages or
   *     a size fed at run time
   */
  public record Link(PipelineInfo.Stage stage, int position, GraphOperation op, String type,
      boolean sequential, Long size) {
    static Link of(PipelineInfo.Stage stage, int position, GraphOperation op) {
      // A parse the plan made vectorized ends with an unbatch: its parse is the map on the batch
      // of records under it (past the map that packs its rows, where the plan packs them).
      // An @Interleave whose records epoch 1 shuffles as read ends with that shuffle, one whose
      // lines travel in chunks with the batch that makes them. A batch of packed rows ends with
      // the map that unpacks them: its batch (or rebatch) is the op under it. A shuffle of
      // windows ends with the map that orders a window, over the numbering zip and the rebatch
      // that cuts the windows, whose size is the declared buffer.
      GraphOperation work = op;
      if (stage.has(PipelineInfo.Trait.VECTORIZED_PARSE)) {
        work = under(op);
        if (!under(work).type().equals("BatchDatasetV2")) {
          work = under(work);
        }
      } else if (stage.is(Interleave.class)
              && (op.type().equals("ShuffleDatasetV3") || op.type().equals("BatchDatasetV2"))
          || stage.has(PipelineInfo.Trait.BATCHING) && op.type().equals("MapDataset")) {
        work = under(op);
      }
      boolean sequential = switch (work.type()) {
        case "MapDataset", "InterleaveDataset" -> true;
        case "ParallelMapDatasetV2" ->
            Long.valueOf(1).equals(constant(work, afterArguments(work, 0)));
        case "ParallelInterleaveDatasetV4" ->
            Long.valueOf(1).equals(constant(work, afterArguments(work, 4)));
        default -> false;
      };
      GraphOperation sized = stage.has(PipelineInfo.Trait.BATCHING) ? work
          : stage.is(Shuffle.class) && op.type().equals("MapDataset") ? under(under(op)) : op;
      Long size = switch (sized.type()) {
        case "ShuffleDatasetV3" -> shuffleBuffer(sized);
        case "BatchDatasetV2", "PaddedBatchDatasetV2", "PrefetchDataset", "RebatchDatasetV2" ->
            constant(sized, 1);
        default -> null;
      };
      // The read's prefix ends at the interleave: epoch 1's shuffle of the records is not the
      // read's work, and the stage after it is timed with it.
      GraphOperation timed = stage.is(Interleave.class) ? work : op;
      return new Link(stage, position, timed, timed.type(), sequential, size);
    }

    public String name() {
      return stage.method();
    }

    /** The dataset {@code op} takes. */
    private static GraphOperation under(GraphOperation op) {
      return (GraphOperation) op.input(0).op();
    }

    /** The input after the op's {@code other_arguments} list, counted from 0. */
    private static int afterArguments(GraphOperation op, int index) {
      return 1 + op.inputListLength("other_arguments") + index;
    }

    /**
     * A shuffle's buffer: its constant, or, where epoch 1 shuffled the records as read and the
     * buffer is {@code select(epoch == 0, 1, buffer)}, the buffer of the later epochs.
     */
    private static Long shuffleBuffer(GraphOperation op) {
      GraphOperation buffer = (GraphOperation) op.input(1).op();
      return buffer.type().startsWith("Select") ? constant(buffer, 2) : constant(op, 1);
    }

    private static Long constant(GraphOperation op, int input) {
      GraphOperation source = (GraphOperation) op.input(input).op();
      if (!source.type().equals("Const")) {
        return null;
      }
      TensorProto value = source.attributes().getAttrValueProto("value").getTensor();
      if (value.getDtype() != DataType.DT_INT64) {
        return null;
      }
      return value.getInt64ValCount() > 0 ? value.getInt64Val(0)
          : value.getTensorContent().size() == Long.BYTES
              ? value.getTensorContent().asReadOnlyByteBuffer().order(ByteOrder.LITTLE_ENDIAN).getLong()
              : null;
    }
  }

  private StageChain() {}

  /** Whether {@code shuffle} takes the records the files' reader hands out. */
  private static boolean readsRecords(GraphOperation shuffle) {
    String input = ((GraphOperation) shuffle.input(0).op()).type();
    return input.equals("ParallelInterleaveDatasetV4") || input.equals("InterleaveDataset");
  }

  /**
   * @throws IllegalStateException when a stage's op is not where its annotation puts it
   */
  public static List<Link> find(DatasetIterator iterator) {
    DatasetIterator.GraphOps ops = iterator.graphOps();
    List<GraphOperation> chain = new ArrayList<>(); // from the end to the source
    GraphOperation op = (GraphOperation) ops.startFirstEpoch().input(0).op();
    while (op != null) {
      if (op.type().equals("ReadVariableOp") && ops.park() != null) {
        op = (GraphOperation) ((GraphOperation) ops.park().op()).input(1).op();
        continue;
      }
      if (!op.type().contains("Dataset")) {
        break;
      }
      chain.add(op);
      op = op.numInputs() > 0 ? (GraphOperation) op.input(0).op() : null;
    }
    List<PipelineInfo.Stage> stages = iterator.pipeline().stages();
    List<Link> links = new ArrayList<>();
    int at = 0;
    // Ops that belong to no stage's first op, such as the numbering a seeded map zips its input
    // with, are passed over.
    for (int s = stages.size() - 1; s >= 0; s--) {
      PipelineInfo.Stage stage = stages.get(s);
      if (stage.has(PipelineInfo.Trait.ON_DEVICE)) {
        continue;
      }
      String type = stage.ops().get(0); // the op that makes the stage's dataset
      int from = at;
      while (at < chain.size() && !chain.get(at).type().equals(type)) {
        at++;
      }
      if (at == chain.size()) {
        throw new IllegalStateException("Pipeline " + iterator.pipeline().simpleName()
            + ": no " + type + " op for " + (s == 0 ? "its source, " : "") + "stage " + stage
            + " in the graph");
      }
      links.add(Link.of(stage, s + 1, chain.get(at++)));
      if (stage.is(Shuffle.class) && readsRecords(chain.get(at - 1))) {
        // Without a cache, a shuffle takes the records as read: its op sits on the reader, below
        // the ops of the stages between them, which are found above it.
        at = from;
      }
    }
    Collections.reverse(links);
    return links;
  }
}
