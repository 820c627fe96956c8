package dev.feedline.runtime.internal.cache;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.tensorflow.proto.AttrValue;
import org.tensorflow.proto.FunctionDef;
import org.tensorflow.proto.GraphDef;
import org.tensorflow.proto.NameAttrList;
import org.tensorflow.proto.NodeDef;
import org.tensorflow.proto.OpDef;

/**
 * A SHA-256 of what a graph computes up to one of its tensors: every op upstream of it, with its
 * attributes and inputs, and the body of every graph function those ops run, however deep; and what
 * fills the lookup tables the functions read (a vocabulary's tokens, constants in the graph).
 *
 * <p>It is a hash over the structure, not the names: node names (which carry the pipeline's scope
 * and counters), function names (which TensorFlow Java makes unique with random suffixes),
 * argument names, devices, and the attributes that only name resources ({@code shared_name},
 * {@code container}, {@code debug_name}, a dataset's {@code metadata}) are left out, so that the
 * same declaration hashes alike in every JVM, in any graph and on any machine; an op, a constant,
 * a shape, an attribute or a function body that changes changes the hash.
 */
final class GraphFingerprint {
  /** Attributes that name a resource or an op, which differ between graphs of the same code. */
  private static final Set<String> NAMING = Set.of("shared_name", "container", "debug_name",
      "metadata");
  /** Ops that fill a lookup table, whose content a function reading the table depends on. */
  private static final String TABLE_INITIALIZER = "InitializeTable";

  private final Map<String, NodeDef> nodes = new HashMap<>();
  private final Map<String, FunctionDef> functions = new HashMap<>();
  /** Graph nodes by the name of each node they take as an input. */
  private final Map<String, List<NodeDef>> consumers = new HashMap<>();
  private final Map<String, byte[]> nodeHashes = new HashMap<>();
  private final Map<String, byte[]> functionHashes = new HashMap<>();

  private GraphFingerprint(GraphDef graph) {
    for (NodeDef node : graph.getNodeList()) {
      nodes.put(node.getName(), node);
      for (String input : node.getInputList()) {
        consumers.computeIfAbsent(producer(input), k -> new ArrayList<>()).add(node);
      }
    }
    graph.getLibrary().getFunctionList()
        .forEach(f -> functions.put(f.getSignature().getName(), f));
  }

  /** The hash of output 0 of node {@code node} of {@code graph}. */
  static byte[] of(GraphDef graph, String node) {
    return new GraphFingerprint(graph).graphNode(node);
  }

  private static String producer(String input) {
    String name = input.startsWith("^") ? input.substring(1) : input;
    int colon = name.indexOf(':');
    return colon < 0 ? name : name.substring(0, colon);
  }

  private byte[] graphNode(String name) {
    byte[] known = nodeHashes.get(name);
    if (known != null) {
      return known;
    }
    NodeDef node = nodes.get(name);
    Digest digest = new Digest("node");
    if (node == null) {
      digest.text("missing");
    } else {
      digest.text(node.getOp());
      attributes(digest, node.getAttrMap());
      List<byte[]> controls = new ArrayList<>();
      for (String input : node.getInputList()) {
        if (input.startsWith("^")) {
          controls.add(graphNode(input.substring(1)));
        } else {
          int colon = input.lastIndexOf(':');
          digest.bytes(graphNode(colon < 0 ? input : input.substring(0, colon)));
          digest.text(colon < 0 ? "0" : input.substring(colon + 1));
        }
      }
      digest.unordered(controls);
      tables(digest, node);
    }
    byte[] hash = digest.finish();
    nodeHashes.put(name, hash);
    return hash;
  }

  private byte[] function(String name) {
    byte[] known = functionHashes.get(name);
    if (known != null) {
      return known;
    }
    FunctionDef function = functions.get(name);
    if (function == null) {
      return new Digest("function not in the graph").text(name).finish();
    }
    // A function that calls itself hashes its recursion by this mark.
    functionHashes.put(name, new Digest("recursion").finish());
    byte[] hash = new FunctionScope(function).hash();
    functionHashes.put(name, hash);
    return hash;
  }

  /** The nodes of one function body, hashed by structure: its arguments by their position. */
  private final class FunctionScope {
    private final FunctionDef function;
    private final Map<String, NodeDef> body = new HashMap<>();
    private final Map<String, Integer> arguments = new HashMap<>();
    private final Map<String, byte[]> hashes = new HashMap<>();

    FunctionScope(FunctionDef function) {
      this.function = function;
      function.getNodeDefList().forEach(n -> body.put(n.getName(), n));
      List<OpDef.ArgDef> inputs = function.getSignature().getInputArgList();
      for (int i = 0; i < inputs.size(); i++) {
        arguments.put(inputs.get(i).getName(), i);
      }
    }

    byte[] hash() {
      OpDef signature = function.getSignature();
      Digest digest = new Digest("function");
      for (OpDef.ArgDef arg : signature.getInputArgList()) {
        digest.bytes(anonymous(arg).toByteArray());
      }
      for (OpDef.ArgDef arg : signature.getOutputArgList()) {
        digest.bytes(anonymous(arg).toByteArray());
        digest.bytes(tensor(function.getRetMap().getOrDefault(arg.getName(), "")));
      }
      attributes(digest, function.getAttrMap());
      digest.unordered(function.getControlRetMap().values().stream().map(this::node).toList());
      // Every op of the body, reachable from an output or not: a stateful op runs either way.
      digest.unordered(body.keySet().stream().map(this::node).toList());
      return digest.finish();
    }

    private OpDef.ArgDef anonymous(OpDef.ArgDef arg) {
      return arg.toBuilder().clearName().clearDescription().build();
    }

    /** A tensor named inside the body: an argument, or {@code node:output:index}. */
    private byte[] tensor(String reference) {
      Integer argument = arguments.get(reference);
      if (argument != null) {
        return new Digest("argument").text(Integer.toString(argument)).finish();
      }
      String[] parts = reference.split(":", 2);
      return new Digest("output").bytes(node(parts[0]))
          .text(parts.length > 1 ? parts[1] : "0").finish();
    }

    private byte[] node(String name) {
      byte[] known = hashes.get(name);
      if (known != null) {
        return known;
      }
      NodeDef node = body.get(name);
      Digest digest = new Digest("function node");
      if (node == null) {
        digest.text("missing");
      } else {
        digest.text(node.getOp());
        attributes(digest, node.getAttrMap());
        List<byte[]> controls = new ArrayList<>();
        for (String input : node.getInputList()) {
          if (input.startsWith("^")) {
            controls.add(node(input.substring(1)));
          } else {
            digest.bytes(tensor(input));
          }
        }
        digest.unordered(controls);
        tables(digest, node);
      }
      byte[] hash = digest.finish();
      hashes.put(name, hash);
      return hash;
    }
  }

  private void attributes(Digest digest, Map<String, AttrValue> attributes) {
    for (Map.Entry<String, AttrValue> attribute : new TreeMap<>(attributes).entrySet()) {
      String key = attribute.getKey();
      if (key.startsWith("_") || NAMING.contains(key)) {
        continue;
      }
      digest.text(key);
      value(digest, attribute.getValue());
    }
  }

  private void value(Digest digest, AttrValue value) {
    switch (value.getValueCase()) {
      case FUNC -> call(digest, value.getFunc());
      case LIST -> {
        value.getList().getFuncList().forEach(f -> call(digest, f));
        digest.bytes(value.getList().toBuilder().clearFunc().build().toByteArray());
      }
      default -> digest.bytes(value.toByteArray());
    }
  }

  private void call(Digest digest, NameAttrList call) {
    digest.text("call").bytes(function(call.getName()));
    attributes(digest, call.getAttrMap());
  }

  /**
   * A lookup table a node finds by its shared name is filled by the graph's initializers of the
   * table of that name; their inputs, and the file a table is read from, are part of what the
   * node computes.
   */
  private void tables(Digest digest, NodeDef node) {
    AttrValue shared = node.getAttrMap().get("shared_name");
    if (shared == null || shared.getS().isEmpty()) {
      return;
    }
    List<byte[]> fills = new ArrayList<>();
    for (NodeDef table : nodes.values()) {
      AttrValue name = table.getAttrMap().get("shared_name");
      if (!table.getOp().equals(node.getOp()) || name == null || !name.equals(shared)) {
        continue;
      }
      for (NodeDef fill : consumers.getOrDefault(table.getName(), List.of())) {
        if (fill.getOp().startsWith(TABLE_INITIALIZER)) {
          fills.add(initializer(fill, table.getName()));
        }
      }
    }
    digest.unordered(fills);
  }

  private byte[] initializer(NodeDef fill, String table) {
    Digest digest = new Digest("table initializer").text(fill.getOp());
    attributes(digest, fill.getAttrMap());
    for (String input : fill.getInputList()) {
      if (!producer(input).equals(table)) {
        digest.bytes(graphNode(producer(input)));
      }
    }
    return digest.finish();
  }

  /** A SHA-256 over length-prefixed parts, so that no two sequences of parts run together. */
  private static final class Digest {
    private final MessageDigest sha;

    Digest(String kind) {
      try {
        sha = MessageDigest.getInstance("SHA-256");
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException("every Java platform has SHA-256", e);
      }
      text(kind);
    }

    Digest text(String text) {
      return bytes(text.getBytes(StandardCharsets.UTF_8));
    }

    Digest bytes(byte[] bytes) {
      sha.update(Integer.toString(bytes.length).getBytes(StandardCharsets.US_ASCII));
      sha.update((byte) ':');
      sha.update(bytes);
      return this;
    }

    /** Parts whose order means nothing, such as control inputs: hashed in a sorted order. */
    Digest unordered(List<byte[]> parts) {
      List<byte[]> sorted = new ArrayList<>(parts);
      sorted.sort(Arrays::compare);
      text(Integer.toString(sorted.size()));
      sorted.forEach(this::bytes);
      return this;
    }

    byte[] finish() {
      return sha.digest();
    }
  }
}
