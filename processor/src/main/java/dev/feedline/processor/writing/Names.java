package dev.feedline.processor.writing;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.WildcardTypeName;
import dev.feedline.processor.model.DType;

/** The classes generated code refers to, by name: the processor never loads them. */
final class Names {
  private Names() {}

  // TensorFlow Java
  static final ClassName OPERAND = ClassName.get("org.tensorflow", "Operand");
  static final ClassName OUTPUT = ClassName.get("org.tensorflow", "Output");
  static final ClassName GRAPH = ClassName.get("org.tensorflow", "Graph");
  static final ClassName SESSION = ClassName.get("org.tensorflow", "Session");
  static final ClassName RESULT = ClassName.get("org.tensorflow", "Result");
  static final ClassName SIGNATURE = ClassName.get("org.tensorflow", "Signature");
  static final ClassName CONCRETE_FUNCTION = ClassName.get("org.tensorflow", "ConcreteFunction");
  static final ClassName SHAPE = ClassName.get("org.tensorflow.ndarray", "Shape");
  static final ClassName OPS = ClassName.get("org.tensorflow.op", "Ops");
  static final ClassName PLACEHOLDER = ClassName.get("org.tensorflow.op.core", "Placeholder");
  static final ClassName TTYPE = ClassName.get("org.tensorflow.types.family", "TType");
  static final ClassName PARALLEL_MAP = ClassName.get(
      "org.tensorflow.op.data", "ParallelMapDataset");
  static final ClassName PARALLEL_INTERLEAVE =
      ClassName.get("org.tensorflow.op.data", "ParallelInterleaveDataset");
  static final ClassName INTERLEAVE = ClassName.get("org.tensorflow.op.data", "InterleaveDataset");
  static final ClassName SHUFFLE = ClassName.get("org.tensorflow.op.data", "ShuffleDataset");
  static final ClassName SHARD = ClassName.get("org.tensorflow.op.data", "ShardDataset");
  static final ClassName DATASET_OPTIONS =
      ClassName.get("org.tensorflow.proto.data", "DatasetOptions");
  static final ClassName SESSION_RUNNER = SESSION.nestedClass("Runner");

  private static final String RUNTIME = "dev.feedline.runtime";
  private static final String INTERNAL = RUNTIME + ".internal";
  private static final String FILES = INTERNAL + ".files";
  private static final String EXAMPLES = INTERNAL + ".examples";
  private static final String CACHE = INTERNAL + ".cache";

  // Feedline runtime: the user's API (dev.feedline.runtime)
  static final ClassName PIPELINE_INFO = ClassName.get(RUNTIME, "PipelineInfo");
  static final ClassName PIPELINE_TRAIT = PIPELINE_INFO.nestedClass("Trait");
  static final ClassName BUILT_PIPELINE = ClassName.get(RUNTIME, "BuiltPipeline");
  static final ClassName EPOCH_ITERATOR = ClassName.get(RUNTIME, "EpochIterator");
  static final ClassName SKIPPED_RECORDS = ClassName.get(RUNTIME, "SkippedRecords");
  static final ClassName FEEDLINE_EXCEPTION = ClassName.get(RUNTIME, "FeedlineException");
  static final ClassName VOCABULARY_TABLE = ClassName.get(RUNTIME, "VocabularyTable");
  static final ClassName FITTED_STATISTIC = ClassName.get(RUNTIME, "FittedStatistic");
  static final ClassName MOMENTS = ClassName.get(RUNTIME, "Moments");
  static final ClassName MIN_MAX = ClassName.get(RUNTIME, "MinMax");
  static final ClassName QUANTILES = ClassName.get(RUNTIME, "Quantiles");
  static final ClassName FITTED_VOCABULARY = ClassName.get(RUNTIME, "FittedVocabulary");
  static final ClassName ELEMENT_RANDOM = ClassName.get(RUNTIME, "ElementRandom");
  static final ClassName SERVING_FUNCTION = ClassName.get(RUNTIME, "ServingFunction");

  // Feedline runtime: what only generated code calls (dev.feedline.runtime.internal...)
  static final ClassName ELEMENT_SPEC = ClassName.get(INTERNAL, "ElementSpec");
  static final ClassName DATASET_ITERATOR = ClassName.get(INTERNAL, "DatasetIterator");
  static final ClassName DATASET_OPS = ClassName.get(INTERNAL, "DatasetOps");
  static final ClassName COST_CHECK = ClassName.get(INTERNAL, "CostCheck");
  static final ClassName MEMORY_GUARD = ClassName.get(INTERNAL, "MemoryGuard");
  static final ClassName PACKED_ROWS = ClassName.get(INTERNAL, "PackedRows");
  static final ClassName SHUFFLED_WINDOWS = ClassName.get(INTERNAL, "ShuffledWindows");
  static final ClassName IMAGES = ClassName.get(INTERNAL, "Images");
  static final ClassName SHUFFLE_SEEDS = ClassName.get(INTERNAL, "ShuffleSeeds");
  static final ClassName PADDING = ClassName.get(INTERNAL, "Padding");
  static final ClassName BUCKETS = ClassName.get(INTERNAL, "Buckets");
  static final ClassName SORTED_WINDOWS = ClassName.get(INTERNAL, "SortedWindows");
  static final ClassName IN_MEMORY_DATA = ClassName.get(INTERNAL, "InMemoryData");
  static final ClassName SERVING_OPS = ClassName.get(INTERNAL, "ServingOps");
  static final ClassName ELEMENT_SEEDS = ClassName.get(INTERNAL, "ElementSeeds");
  static final ClassName STATEFUL_RANDOM_CHECK = ClassName.get(INTERNAL, "StatefulRandomCheck");
  static final ClassName SOURCE_DATASET = ClassName.get(INTERNAL, "SourceDataset");
  static final ClassName MIXING = ClassName.get(INTERNAL, "Mixing");
  static final ClassName WINDOWS = ClassName.get(INTERNAL, "Windows");
  static final ClassName SPLITS = ClassName.get(INTERNAL, "Splits");
  static final ClassName STRICT_TOKENS = ClassName.get(INTERNAL, "StrictTokens");
  static final ClassName DATA_FILES = ClassName.get(FILES, "DataFiles");
  static final ClassName FILE_SEGMENT = ClassName.get(FILES, "FileSegment");
  static final ClassName DATA_SOURCE = ClassName.get(FILES, "DataSource");
  static final ClassName CSV_COLUMNS = ClassName.get(FILES, "CsvColumns");
  static final ClassName EXAMPLE_PARSER = ClassName.get(EXAMPLES, "ExampleParser");
  static final ClassName EXAMPLE_FEATURES = ClassName.get(EXAMPLES, "ExampleFeatures");
  static final ClassName EXAMPLE_SCHEMA = ClassName.get(EXAMPLES, "ExampleSchema");
  static final ClassName EXAMPLE_BUILDER = ClassName.get(EXAMPLES, "ExampleBuilder");
  static final ClassName FILE_CACHES = ClassName.get(CACHE, "FileCaches");
  static final ClassName STATISTICS_FIT = ClassName.get(CACHE, "StatisticsFit");
  static final ClassName STATISTIC_REQUEST = ClassName.get(CACHE, "StatisticRequest");

  // Feedline annotations: the enums the runtime takes
  static final ClassName COMPRESSION = ClassName.get("dev.feedline", "Compression");
  static final ClassName BLANK_LINES = ClassName.get("dev.feedline", "BlankLines");
  static final ClassName BAD_RECORDS = ClassName.get("dev.feedline", "BadRecords");
  static final ClassName TEXT_FORMAT = ClassName.get(FILES, "TextFile", "Format");
  static final ClassName SNAPSHOT_CODEC = ClassName.get("dev.feedline", "Snapshot", "Codec");

  // JDK
  static final ClassName LIST = ClassName.get("java.util", "List");
  static final ClassName ARRAY_LIST = ClassName.get("java.util", "ArrayList");
  static final ClassName UNARY_OPERATOR = ClassName.get("java.util.function", "UnaryOperator");
  static final ClassName PATH = ClassName.get("java.nio.file", "Path");
  static final ClassName GENERATED = ClassName.get("javax.annotation.processing", "Generated");

  /** A TensorFlow Java dataset op class, such as {@code MapDataset}. */
  static ClassName dataOp(String simpleName) {
    return ClassName.get("org.tensorflow.op.data", simpleName);
  }

  /** The TensorFlow Java class of a dtype, such as {@code TFloat32}. */
  static ClassName dtype(DType type) {
    return ClassName.get(DType.PACKAGE, type.className());
  }

  /** {@code Operand<TFloat32>}. */
  static TypeName operandOf(DType type) {
    return ParameterizedTypeName.get(OPERAND, dtype(type));
  }

  /** {@code Operand<? extends TType>}, the type of a dataset variant in a chain. */
  static TypeName anyDataset() {
    return ParameterizedTypeName.get(OPERAND, WildcardTypeName.subtypeOf(TTYPE));
  }
}
