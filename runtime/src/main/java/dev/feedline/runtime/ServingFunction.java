package dev.feedline.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Output;
import org.tensorflow.SavedModelBundle;
import org.tensorflow.Session;
import org.tensorflow.Signature;
import org.tensorflow.op.Op;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.proto.CollectionDef;
import org.tensorflow.proto.MetaGraphDef;
import org.tensorflow.proto.SavedModel;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * The serving function of a {@code @Serving} pipeline, from its generated class's
 * {@code serving(...)}: the pipeline's per-element stages, from the parse to the serving cut, as
 * graph code from a batch of what its source hands out (serialized {@code tf.train.Example}s, or
 * text lines) to the batched element the model takes. The stages run the graph functions the
 * pipeline runs in training, so the values are the same, bit for bit (docs/serving.md).
 *
 * <p>{@link #apply} adds it to a graph of yours; {@link #export} writes it, chained into your
 * model, as a SavedModel whose {@code serving_default} signature takes the raw records and that
 * loads with {@code SavedModelBundle.load} where no Feedline class is on the class path.
 */
public final class ServingFunction {
  /** The name of the op that fills the function's vocabulary tables in an exported model. */
  public static final String INIT_OP = "feedline_serving_init";
  /** The signature an exported model's service calls. */
  public static final String SIGNATURE_KEY = "serving_default";

  /** What generated code gives: the ops from the request to the outputs, in component order. */
  @FunctionalInterface
  public interface Body {
    List<Output<?>> apply(Ops tf, Operand<TString> input, List<Op> initializers);
  }

  /** A model, applied to the serving function's outputs: its own outputs, by signature name. */
  @FunctionalInterface
  public interface Model {
    Map<String, Operand<?>> apply(Ops tf, Map<String, Operand<?>> inputs);
  }

  /**
   * The serving function in a graph.
   *
   * @param outputs the element's components, by name, in declaration order
   * @param initializers what must run once per session before the first request: the fill of
   *     each vocabulary table
   */
  public record Applied(Map<String, Operand<?>> outputs, List<Op> initializers) {}

  private final PipelineInfo pipeline;
  private final String input;
  private final List<String> outputs;
  private final Body body;

  private ServingFunction(PipelineInfo pipeline, String input, List<String> outputs, Body body) {
    this.pipeline = pipeline;
    this.input = input;
    this.outputs = List.copyOf(outputs);
    this.body = body;
  }

  /** Called by generated code. */
  public static ServingFunction of(PipelineInfo pipeline, String input, List<String> outputs,
      Body body) {
    return new ServingFunction(pipeline, input, outputs, body);
  }

  /** The pipeline it comes from. */
  public String pipeline() {
    return pipeline.name();
  }

  /** The input's name in a signature: {@code records} or {@code lines}. */
  public String inputName() {
    return input;
  }

  /** The names of its outputs, the element's components, in order. */
  public List<String> outputNames() {
    return outputs;
  }

  /**
   * Adds the function's ops to the graph of {@code tf}, applied to {@code requests}, a string[?].
   * A request of no record fails, naming the pipeline.
   */
  public Applied apply(Ops tf, Operand<TString> requests) {
    List<Op> initializers = new ArrayList<>();
    List<Output<?>> values = body.apply(tf, nonEmpty(tf, requests), initializers);
    Map<String, Operand<?>> named = new LinkedHashMap<>();
    for (int i = 0; i < outputs.size(); i++) {
      named.put(outputs.get(i), values.get(i));
    }
    return new Applied(named, List.copyOf(initializers));
  }

  /**
   * {@code requests}, once they hold a record: the function's one batch of them would otherwise
   * find nothing to batch and fail with TensorFlow's "Dataset was empty", which names neither the
   * pipeline nor the cause. An op of the graph, so an exported model keeps the check.
   */
  private Operand<TString> nonEmpty(Ops tf, Operand<TString> requests) {
    Op check = tf.assertThat(
        tf.math.greater(tf.size(requests, TInt64.class), tf.constant(0L)),
        List.of(tf.constant("Pipeline " + pipeline.simpleName() + ", serving function: the"
            + " request holds no " + (input.equals("lines") ? "line" : "record")
            + "; it takes one or more, and gives one row each")));
    return tf.withControlDependencies(List.of(check)).identity(requests);
  }

  /**
   * Writes a SavedModel to {@code folder}: this function on a {@code string[?]} placeholder named
   * {@link #inputName()}, chained into {@code model}, under the signature {@code serving_default};
   * with {@code model} null, the function's own outputs. The vocabularies' tokens are constants of
   * the graph, filled into their tables by the model's main op, {@value #INIT_OP}, which
   * {@code SavedModelBundle.load} runs. The model's variables, if it has any, are saved with the
   * values their initializers give: make them from trained values
   * ({@code tf.variable(tf.constant(weights))}).
   *
   * @throws IOException when the folder cannot be written
   */
  public void export(Path folder, Model model) throws IOException {
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      Ops tf = Ops.create(graph);
      Placeholder<TString> requests = tf.withName(input)
          .placeholder(TString.class, Placeholder.shape(Shape.of(-1)));
      Applied applied = apply(tf.withSubScope("serving"), requests);
      Map<String, Operand<?>> outputs = model == null ? applied.outputs()
          : model.apply(tf.withSubScope("model"), applied.outputs());
      Signature.Builder signature = Signature.builder().key(SIGNATURE_KEY).input(input, requests);
      outputs.forEach(signature::output);
      tf.withName(INIT_OP).withControlDependencies(applied.initializers()).noOp();
      session.initialize();
      if (!applied.initializers().isEmpty()) {
        Session.Runner fill = session.runner();
        applied.initializers().forEach(fill::addTarget);
        fill.run();
      }
      SavedModelBundle.exporter(folder.toString()).withSession(session)
          .withSignature(signature.build()).export();
      addMainOp(folder.resolve("saved_model.pb"));
    }
  }

  /**
   * Names {@value #INIT_OP} the model's main op, which the loader runs once after it restores
   * the variables: TensorFlow Java's exporter writes none, and the tables would stay empty.
   */
  private static void addMainOp(Path file) throws IOException {
    SavedModel model;
    try (InputStream in = Files.newInputStream(file)) {
      model = SavedModel.parseFrom(in);
    }
    SavedModel.Builder changed = model.toBuilder();
    MetaGraphDef.Builder graph = changed.getMetaGraphsBuilder(0);
    graph.putCollectionDef("saved_model_main_op", CollectionDef.newBuilder()
        .setNodeList(CollectionDef.NodeList.newBuilder().addValue(INIT_OP)).build());
    try (OutputStream out = Files.newOutputStream(file)) {
      changed.build().writeTo(out);
    }
  }
}
