// One minified bundle (plus lazily loaded chunks): startup drops from ~1 s to ~0.45 s (docs/ink-facts.md).
import {build} from 'esbuild';
import {readFileSync, rmSync} from 'node:fs';
import {readFile} from 'node:fs/promises';

import {stalePatches} from './check-patches.mjs';
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

// docker-modem formats every request with util.inspect(showHidden, depth: null) for a debug line that is off:
// 2–12 ms of blocking per request, growing with the agent's sockets. Formatted only when DEBUG enables it.
const modemQuietDebug = {
  name: 'docker-modem-quiet-debug',
  setup(b) {
    b.onLoad({filter: /docker-modem[\\/]lib[\\/]modem\.js$/}, async args => {
      const source = await readFile(args.path, 'utf8');
      const noisy = "debug('Sending: %s', util.inspect(options, {";
      if (!source.includes(noisy)) throw new Error('docker-modem changed; review modemQuietDebug in scripts/build.mjs');
      return {
        contents: source.replace(noisy, "debug.enabled && debug('Sending: %s', util.inspect(options, {"),
        loader: 'js',
      };
    });
  },
};

// On Node 22 and later an ESM import of node:http (or node:https, which loads it) builds the module's ESM facade,
// which reads every export, and one of them loads Node's own copy of undici: 55-90 ms of Node 24's start on this
// machine, where require('node:http') takes 3-13 ms (docs/benchmarks.md, "Start"). berth's imports of them become
// require calls (the banner below defines require in every chunk); the names imported stay as they were.
const builtinsByRequire = {
  name: 'http-by-require',
  setup(b) {
    b.onResolve({filter: /^node:https?$/}, args =>
      args.kind === 'import-statement' ? {path: args.path, namespace: 'builtin-by-require'} : undefined,
    );
    b.onLoad({filter: /.*/, namespace: 'builtin-by-require'}, args => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

await build({
  entryPoints: {berth: 'source/main.ts'},
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: true,
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  define: {'process.env.NODE_ENV': '"production"', __BERTH_VERSION__: JSON.stringify(pkg.version)},
  // Ink imports react-devtools-core only when DEV=true; ssh2's native helpers are optional. Ink's layout engine,
  // yoga in WebAssembly, is replaced by berth's (packages/flex; packages/flex/source/node.ts says why; ~6 MB of berth's idle RSS).
  alias: {'react-devtools-core': './scripts/empty.mjs', 'yoga-layout': '@berth/flex/yoga'},
  external: ['cpu-features', '*.node'],
  plugins: [withoutBuildkit, modemQuietDebug, builtinsByRequire, stringWidthOnDemand],
  // CommonJS dependencies (dockerode, ssh2) call require() for Node built-ins.
  banner: {
    js: "import {createRequire as __berthRequire} from 'node:module'; const require = __berthRequire(import.meta.url); import {fileURLToPath as __berthPath} from 'node:url'; const __filename = __berthPath(import.meta.url); const __dirname = __berthPath(new URL('.', import.meta.url));",
  },
  logLevel: 'warning',
});
