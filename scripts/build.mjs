// One minified bundle: startup drops from ~1 s to ~0.45 s (docs/ink-facts.md).
import {build} from 'esbuild';
import {createHash} from 'node:crypto';
import {mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {readFile} from 'node:fs/promises';

import {stalePatches} from './check-patches.mjs';
import {importedOnce} from './imported-once.mjs';
import {segmenterOnDemand} from './segmenter-on-demand.mjs';
import {stringWidthOnDemand} from './string-width-on-demand.mjs';

// A bundle of unpatched (or differently patched) dependencies would be tested and measured as if it were berth.
const stale = stalePatches();
if (stale.length) {
  console.error(`build: node_modules does not carry the current patches (${stale.join(', ')}); run "npm install"`);
  process.exit(1);
}

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
rmSync(new URL('../dist', import.meta.url), {recursive: true, force: true});

// dockerode's BuildKit session and progress decoding pull in grpc and protobuf (slow to load, proto files on disk);
// berth builds through the compose CLI, so those modules are replaced by ones that say so if ever called.
const withoutBuildkit = {
  name: 'without-buildkit',
  setup(b) {
    // modem's own ssh transport (a new SSH session per request, no host key check) is never used: berth brings
    // its own agent for ssh:// (source/engine/ssh/agent.ts), so ssh2 stays out of the start-up path.
    b.onResolve({filter: /^\.\/(session|buildkit|ssh)$/}, args =>
      args.importer.includes('/dockerode/lib/') ||
      (args.path === './ssh' && args.importer.includes('/docker-modem/lib/'))
        ? {path: args.path, namespace: 'no-buildkit'}
        : undefined,
    );
    b.onLoad({filter: /.*/, namespace: 'no-buildkit'}, () => ({
      contents:
        'module.exports = function () { throw new Error("not bundled in berth (BuildKit sessions, docker-modem ssh)"); };',
      loader: 'js',
    }));
  },
};

// A dependency's file loaded with exact texts replaced. Each must be there exactly once, and `absent` (a text no
// longer used) nowhere after: otherwise the dependency changed under the edit, and the build says so.
function editedSource(name, filter, edits, absent) {
  return {
    name,
    setup(b) {
      b.onLoad({filter}, async args => {
        let contents = await readFile(args.path, 'utf8');
        let changed = false;
        for (const [from, to] of edits) {
          changed ||= contents.split(from).length !== 2;
          contents = contents.replace(from, to);
        }
        if (changed || (absent && contents.includes(absent)))
          throw new Error(`build: ${args.path} changed; review ${name} in scripts/build.mjs`);
        return {contents, loader: 'js'};
      });
    },
  };
}

// docker-modem formats every request with util.inspect(showHidden, depth: null) for a debug line that is off:
// 2–12 ms of blocking per request, growing with the agent's sockets. Formatted only when DEBUG enables it.
const modemQuietDebug = editedSource('modemQuietDebug', /docker-modem[\\/]lib[\\/]modem\.js$/, [
  ["debug('Sending: %s', util.inspect(options, {", "debug.enabled && debug('Sending: %s', util.inspect(options, {"],
]);

// docker-modem's request wrapper loads node:https (and with it node:tls) as it loads, ~5 ms of every start; berth
// talks to most engines over a unix socket or plain TCP. Its https side is made when a TLS engine first asks for it.
const modemLazyHttps = editedSource('modemLazyHttps', /docker-modem[\\/]lib[\\/]http\.js$/, [
  ["var nativeHttps = require('https'),\n  nativeHttp", 'var nativeHttp'],
  ['  https: nativeHttps,\n', "  get https() {\n    return require('https');\n  },\n"],
  [
    'for (var protocol in protocols) {\n  var h = function() {};',
    'function make(protocol) {\n  var h = function() {};',
  ],
  [
    '  module.exports[protocol] = h;\n}',
    "  return h;\n}\nmodule.exports.http = make('http');\nvar madeHttps;\n" +
      "Object.defineProperty(module.exports, 'https', {enumerable: true, get: function () {\n" +
      "  return madeHttps || (madeHttps = make('https'));\n}});",
  ],
]);

// dockerode loads node:zlib as it loads, for the one place it gzips a build context (which berth leaves to the
// compose CLI): ~1 ms of every start. It is loaded there, when used.
const dockerodeLazyZlib = editedSource(
  'dockerodeLazyZlib',
  /dockerode[\\/]lib[\\/]util\.js$/,
  [
    ["var zlib = require('zlib');\n", ''],
    ['pack.pipe(zlib.createGzip())', "pack.pipe(require('zlib').createGzip())"],
  ],
  'zlib.',
);

// Ink's reconciler has two top-level awaits, both for React's devtools when DEV=true (which berth never bundles:
// react-devtools-core is aliased to an empty module below); a CommonJS bundle cannot hold a top-level await.
const inkWithoutDevtools = {
  name: 'ink-without-devtools',
  setup(b) {
    b.onLoad({filter: /[\\/]ink[\\/]build[\\/]reconciler\.js$/}, async args => {
      const source = await readFile(args.path, 'utf8');
      const devtools = /\nif \(isDev\(\)\) \{\n {4}try \{\n {8}await import\('\.\/devtools\.js'\);[\s\S]*?\n\}\n/;
      const packageJson = 'const packageJson = isDev()\n    ? await loadPackageJson()\n    : ';
      if (!devtools.test(source) || !source.includes(packageJson))
        throw new Error('ink changed; review inkWithoutDevtools in scripts/build.mjs');
      return {contents: source.replace(devtools, '\n').replace(packageJson, 'const packageJson = '), loader: 'js'};
    });
  },
};

// One CommonJS script, not ES modules: bin/berth.js compiles it with V8's code cache (vm.Script's cachedData), which
// Node 20 offers for scripts and not for modules, and a second start skips parsing and compiling what the first
// one ran (docs/benchmarks.md, "Start"). Modules loaded with import() stay lazy: esbuild evaluates each on first use.
const HASH_PLACEHOLDER = '0'.repeat(32);
const BUILD_LINE = `// berth-build ${HASH_PLACEHOLDER}`;
const result = await build({
  entryPoints: {berth: 'source/main.ts'},
  outfile: 'dist/berth.cjs',
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // BERTH_BUILD_MINIFY=0: the functions keep their names, for CPU profiles of a start.
  minify: process.env.BERTH_BUILD_MINIFY !== '0',
  sourcemap: 'linked',
  // Licence comments go to dist/berth.cjs.LEGAL.txt: the bundle stays ASCII, which bin/berth.js reads as one-byte text.
  legalComments: 'linked',
  define: {'process.env.NODE_ENV': '"production"', __BERTH_VERSION__: JSON.stringify(pkg.version)},
  // Ink imports react-devtools-core only when DEV=true; ssh2's native helpers are optional. Ink's layout engine,
  // yoga in WebAssembly, is replaced by berth's (packages/flex; packages/flex/source/node.ts says why; ~6 MB of berth's idle RSS).
  alias: {'react-devtools-core': './scripts/empty.mjs', 'yoga-layout': '@berth/flex/yoga'},
  external: ['cpu-features', '*.node'],
  plugins: [
    withoutBuildkit,
    modemQuietDebug,
    modemLazyHttps,
    dockerodeLazyZlib,
    inkWithoutDevtools,
    stringWidthOnDemand,
    segmenterOnDemand,
    importedOnce,
  ],
  banner: {js: BUILD_LINE},
  write: false,
  logLevel: 'warning',
});

// The code cache is keyed by the bundle's content (V8 itself compares only the source's length): the banner's
// placeholder becomes a hash of the bundle, which bin/berth.js reads (same length, so the source map still fits).
mkdirSync(new URL('../dist', import.meta.url), {recursive: true});
for (const file of result.outputFiles) {
  if (!file.path.endsWith('.cjs')) {
    writeFileSync(file.path, file.contents);
    continue;
  }
  const text = file.text;
  if (!text.startsWith(BUILD_LINE)) throw new Error('build: dist/berth.cjs does not start with its build line');
  const hash = createHash('sha256').update(text).digest('hex').slice(0, HASH_PLACEHOLDER.length);
  writeFileSync(file.path, text.replace(HASH_PLACEHOLDER, hash));
  const wide = /[^\x00-\x7f]/.exec(text);
  if (wide)
    console.warn(
      `build: dist/berth.cjs holds a non-ASCII character (…${text.slice(Math.max(0, wide.index - 40), wide.index + 10)}…); ` +
        'it still runs, but loads slower (read as UTF-8); write it as \\u escape in the source',
    );
}
