// The shell's first-load report: which chunks a page needs before it draws (the entry, the
// bootstrap it imports, and the shared modules those consume), each with its gzipped size, written
// to var/report/initial.json and printed; every other chunk is listed as loaded on demand. The
// shell is the same code for every brand, so this is every brand's home page before its data.
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const PLUGIN = 'TesseraBundleReport';

/** The chunks of every chunk group reached from ``chunk`` through its consumed shared modules' fallbacks. */
function consumedChunks(compilation, chunks) {
  const { chunkGraph } = compilation;
  const found = new Set(chunks);
  const queue = [...chunks];
  while (queue.length) {
    const chunk = queue.shift();
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      if (module.type !== 'consume-shared-module' || module.options?.eager) continue;
      for (const block of module.blocks) {
        const group = chunkGraph.getBlockChunkGroup(block);
        for (const next of group?.chunks ?? []) {
          if (!found.has(next)) {
            found.add(next);
            queue.push(next);
          }
        }
      }
    }
  }
  return found;
}

/** The chunks of the entry and of the entry's own dynamic imports (the bootstrap). */
function bootChunks(compilation, entryName) {
  const { chunkGraph } = compilation;
  const entry = compilation.entrypoints.get(entryName);
  const chunks = new Set(entry.chunks);
  for (const chunk of entry.chunks) {
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      if (!module.resource || !module.resource.includes(`${path.sep}shell${path.sep}src${path.sep}index.`)) continue;
      for (const block of module.blocks) for (const next of chunkGraph.getBlockChunkGroup(block)?.chunks ?? []) chunks.add(next);
    }
  }
  return chunks;
}

/** The chunks a page needs before it draws: the entry's, its bootstrap's, and the shared modules they consume. */
function initialChunks(compilation, entryName) {
  return consumedChunks(compilation, [...bootChunks(compilation, entryName)]);
}

const firstLoads = new WeakMap();

/**
 * The names of the files of the first load of ``entryName`` (its scripts, and its styles were any
 * extracted): what the service worker precaches (webpack.config.js), the rest being kept when first used.
 * Remembered for the compilation, so asked no earlier than its names are final: after the content
 * hashes are (PROCESS_ASSETS_STAGE_OPTIMIZE_HASH), which can rename a chunk.
 */
function firstLoadFiles(compilation, entryName = 'main') {
  if (!firstLoads.has(compilation)) {
    const files = new Set();
    for (const chunk of initialChunks(compilation, entryName)) for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.add(file);
    firstLoads.set(compilation, files);
  }
  return firstLoads.get(compilation);
}

function describe(compilation, chunk) {
  const files = [...chunk.files].filter((file) => file.endsWith('.js'));
  let raw = 0;
  let gzipped = 0;
  for (const file of files) {
    const source = fs.readFileSync(path.join(compilation.outputOptions.path, file));
    raw += source.length;
    gzipped += zlib.gzipSync(source, { level: 9 }).length;
  }
  const modules = [...compilation.chunkGraph.getChunkModulesIterable(chunk)]
    .map((module) => ({ name: module.readableIdentifier(compilation.requestShortener), size: module.size() }))
    .sort((a, b) => b.size - a.size)
    .slice(0, 5)
    .map((module) => module.name.replace(/^.*node_modules\//, '').slice(0, 80));
  // Its styles (a production build extracts them): named, as the service worker precaches the first load's.
  const styles = [...chunk.files].filter((file) => file.endsWith('.css'));
  return { files, styles, raw, gzipped, modules };
}

/**
 * Writes ``first-load.json`` beside the entry: the first load's files other than the entry itself,
 * scripts then styles, which the page asks the browser to fetch at once (platform/tessera/shell/services.py)
 * instead of after the entry has run and asked for them.
 */
class FirstLoadManifest {
  constructor({ entry = 'main', filename = 'first-load.json' } = {}) {
    this.entry = entry;
    this.filename = filename;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      // After the content hashes, which name the files, and before the compressed copies are made.
      compilation.hooks.processAssets.tap({ name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 }, () => {
        if (!compilation.entrypoints.has(this.entry)) return;
        const own = new Set(compilation.entrypoints.get(this.entry).getEntrypointChunk().files);
        const files = [...firstLoadFiles(compilation, this.entry)].filter((file) => !own.has(file));
        const byKind = (suffix) => files.filter((file) => file.endsWith(suffix)).sort();
        const manifest = { scripts: byKind('.js'), styles: byKind('.css') };
        compilation.emitAsset(this.filename, new sources.RawSource(JSON.stringify(manifest)));
      });
    });
  }
}

class BundleReport {
  constructor({ entry = 'main', output }) {
    this.entry = entry;
    this.output = output;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tap(PLUGIN, (compilation) => {
      if (!compilation.entrypoints.has(this.entry)) return;
      const initial = initialChunks(compilation, this.entry);
      const first = [...initial].map((chunk) => describe(compilation, chunk)).filter((chunk) => chunk.files.length);
      const later = [...compilation.chunks]
        .filter((chunk) => !initial.has(chunk))
        .map((chunk) => describe(compilation, chunk))
        .filter((chunk) => chunk.files.length && !chunk.files.includes('sw.js'));
      first.sort((a, b) => b.gzipped - a.gzipped);
      later.sort((a, b) => b.gzipped - a.gzipped);
      const total = (chunks, key) => chunks.reduce((sum, chunk) => sum + chunk[key], 0);
      const report = {
        initial: { raw: total(first, 'raw'), gzipped: total(first, 'gzipped'), chunks: first },
        onDemand: { raw: total(later, 'raw'), gzipped: total(later, 'gzipped'), chunks: later },
      };
      fs.mkdirSync(path.dirname(this.output), { recursive: true });
      fs.writeFileSync(this.output, JSON.stringify(report, null, 2));
      const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
      const lines = [`First load of the shell (every brand's home page, before its data): ${first.length} files, ${kib(report.initial.gzipped)} gzipped (${kib(report.initial.raw)})`];
      for (const chunk of first) lines.push(`  ${kib(chunk.gzipped).padStart(10)}  ${chunk.files.join(', ')}  ${chunk.modules.slice(0, 3).join(', ')}`);
      lines.push(`On demand: ${later.length} files, ${kib(report.onDemand.gzipped)} gzipped; report in ${path.relative(process.cwd(), this.output)}`);
      console.log(lines.join('\n'));
    });
  }
}

module.exports = { BundleReport, FirstLoadManifest, firstLoadFiles };
