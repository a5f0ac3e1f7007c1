// V8's code cache of the bundle, made and read by bin/berth.js: a start with it skips compiling what the last one ran.
// The UI asks for it to be written once its start is done (by then it has run what every start runs); the entry
// point itself writes one when a headless command ends.
type Maker = 'ui' | 'cli';
type CodeCache = {state: 'off' | 'none' | 'loaded' | 'rejected'; save(kind: Maker): void; maker: Maker};

// Absent when the bundle runs some other way (the tests' source, a plain `node dist/berth.cjs`).
export function codeCache(): CodeCache | undefined {
  return (globalThis as Record<symbol, CodeCache | undefined>)[Symbol.for('berth.codeCache')];
}

// Not at the first frame itself: the frames and answers of the first seconds (the events stream, `/version`, the
// details pane) are compiled by then, and the write (~1.5 MB) is off the start's path.
const AFTER_START_MS = 2000;

export function saveCodeCacheAfterStart(): void {
  const cache = codeCache();
  if (!cache) return;
  // A UI quit sooner still leaves a cache of the UI's start, written at exit.
  cache.maker = 'ui';
  setTimeout(() => cache.save('ui'), AFTER_START_MS).unref();
}
