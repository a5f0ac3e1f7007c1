import {readFileSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import {expect, test} from 'vitest';

// What the UI loads before its first frame: the static imports reachable from the UI's entry (dynamic import()
// is how a part is loaded on demand). The registry client (undici, ~170 ms of compiling on this kind of machine)
// is for the registry view and the registry commands only: a copy helper importing the registry's index once put it on
// every start.
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/^import\s+(?!type\b)[^'";]*?from\s+'([^']+)'|^import\s+'([^']+)'/gm)) {
    // (One of the two alternatives matched.)
    found.push(match[1] ?? match[2] ?? '');
  }
  return found;
}

function reachable(entry: string): {files: Set<string>; packages: Set<string>; specs: Set<string>} {
  const files = new Set<string>();
  const packages = new Set<string>();
  const specs = new Set<string>();
  const queue = [resolve(entry)];
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const spec of staticImports(file)) {
      if (!spec.startsWith('.')) {
        specs.add(spec);
        packages.add(
          spec
            .split('/')
            .slice(0, spec.startsWith('@') ? 2 : 1)
            .join('/'),
        );
        continue;
      }
      const target = join(dirname(file), spec);
      const source = target.replace(/\.js$/, '');
      for (const candidate of [`${source}.ts`, `${source}.tsx`, join(source, 'index.ts')]) {
        try {
          readFileSync(candidate);
          queue.push(candidate);
          break;
        } catch {
          // not this one
        }
      }
    }
  }
  return {files, packages, specs};
}

test('the UI starts without loading the registry client', () => {
  const {files, packages} = reachable('source/ui/run.tsx');
  expect(files.size).toBeGreaterThan(100);
  expect(packages.has('ink')).toBe(true);
  expect(packages.has('undici')).toBe(false);
  expect([...files].filter(file => file.endsWith('registry/transport.ts'))).toEqual([]);
});

// node:https and node:tls (~5 ms to load), node:crypto (~3 ms) and node:zlib (~1 ms) are loaded where they are used
// (source/util/lazy-builtins.ts): a start on a unix socket or a plain TCP engine needs none of them. docker-modem's
// and dockerode's own loads are deferred by the build (scripts/build.mjs, modemLazyHttps and dockerodeLazyZlib).
test('the UI starts without loading Node’s TLS, crypto or zlib modules', () => {
  const main = reachable('source/main.ts');
  const ui = reachable('source/ui/run.tsx');
  for (const {packages} of [main, ui]) {
    expect(packages.has('node:http')).toBe(true);
    for (const lazy of ['node:https', 'node:tls', 'node:crypto', 'node:zlib'])
      expect(packages.has(lazy), lazy).toBe(false);
  }
});

// undici's index loads all of undici (fetch, WebSocket, the mocks, and Node's own undici through the web globals):
// ~115 against ~36 ms and 8.5 MB more in a bare script. The registry loads the files it uses
// (source/registry/undici-parts.ts).
test('the registry client loads only the parts of undici it uses', () => {
  for (const entry of ['source/views/registry/effects.ts', 'source/registry/cli.ts']) {
    const {specs} = reachable(entry);
    const undici = [...specs].filter(spec => spec === 'undici' || spec.startsWith('undici/'));
    expect(undici.length, entry).toBeGreaterThan(0);
    expect(
      undici.filter(spec => !spec.startsWith('undici/lib/')),
      entry,
    ).toEqual([]);
  }
});
