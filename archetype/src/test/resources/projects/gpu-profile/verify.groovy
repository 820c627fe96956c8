// `-Pgpu` swaps TensorFlow's CPU native jar for the CUDA build: the dependency tree (collected, not
// downloaded: the CUDA jar is 526 MB) has the one and not the other.
def tree = new File(context.projectDir, 'gpu-tree.txt').text

assert tree.contains('org.tensorflow:tensorflow-core-native:jar:linux-x86_64-gpu:1.1.0:runtime') : tree
assert !tree.contains(':linux-x86_64:') : "the CPU native jar is still there:\n${tree}"
