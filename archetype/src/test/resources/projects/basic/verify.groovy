// After `mvn verify exec:exec` in the generated project: its tests passed, its run printed what the
// README says, and TensorFlow's log level kept TensorFlow quiet.
def log = new File(context.projectDir, 'build.log').text

assert log.contains('Tests run: 2, Failures: 0, Errors: 0, Skipped: 0') : 'the generated tests ran'
assert log.contains('Wrote 100 samples into 2 TFRecord files in target/data')
assert log.contains('First batch: features [8, 4], label [8]')
assert log.contains('One epoch: 100 samples in 13 batches')

// TensorFlow's own log lines, in its format ("2026-01-01 12:00:00.000000: I tensorflow/...") and
// in absl's ("I0000 00:00:1796064770.251633   10345 file.cc:401] ..."). The one allowed is the
// absl INFO line that TF_CPP_MIN_LOG_LEVEL does not reach, printed once per process.
def tensorFlowLines = log.readLines().findAll {
  it =~ /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+: [IWEF] / || it =~ /^[IWEF]\d{4} \d\d:\d\d:\d\d\.\d+ /
}
def unexpected = tensorFlowLines.findAll { !it.endsWith('] MLIR V1 optimization pass is not enabled') }
assert unexpected.isEmpty() : "TensorFlow logged although the log level hides INFO lines: ${unexpected}"
for (line in ['Local rendezvous is aborting', 'default buffer size']) {
  assert !log.contains(line) : "TensorFlow logged '${line}'"
}

assert new File(context.projectDir, '.gitignore').text.contains('target/')

// The template compiles without a single diagnostic of the processor.
assert !log.contains('[feedline:') : 'the processor reported on the template: see build.log'

// The README shows the generated pom whole, for the same coordinates as archetype.properties.
def readme = new File(basedir, '../../../../../README.md').text
def section = readme.substring(readme.indexOf('## Use Feedline in your project'))
def pomInReadme = (section =~ /(?s)```xml\n(.*?)\n```/)[0][1]
def generatedPom = new File(context.projectDir, 'pom.xml').text.trim()
assert pomInReadme == generatedPom : 'README.md\'s pom differs from the generated one: copy ' +
    "${context.projectDir}/pom.xml into the README's section 'Use Feedline in your project'"
