import {execFileSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {posix} from 'node:path';
import {describe, expect, it} from 'vitest';

// A clone of berth must stand alone: no file may send its reader to something the clone does not hold — design
// notes or a spec kept beside the repository, issue numbers of a tracker the reader cannot see, or a link to a
// file or heading that is not there. The contract is docs/contract.md; engine, registry and Ink facts are in
// docs/*-facts.md; upstream bugs are cited by URL.

// This file names the patterns it looks for, so it is the one file not scanned.
const SELF = 'test/unit/build/self-contained.test.ts';
// The folder beside the checkout that a clone does not have, spelled so this file does not name it itself.
const OUTSIDE = ['..', 'shared'].join('/');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const FORBIDDEN: {pattern: RegExp; fix: string}[] = [
  {
    pattern: new RegExp(`${escapeRegExp(OUTSIDE)}\\b`),
    fix: 'a path outside the repository; put what is needed in docs/',
  },
  {pattern: /\bSPEC(?:\.md|'s|\s*§)/, fix: 'the spec is not in the repository; cite docs/contract.md'},
  {pattern: /(?<![\w-])notes\/[\w-]+\.md/, fix: 'the notes are not in the repository; cite docs/*-facts.md'},
  {
    pattern: /(?<![\w./-])(?:engine|registry|ink|swarm|tui-anchors)\.md\b/,
    fix: 'the notes are not in the repository; cite docs/engine-facts.md, registry-facts.md or ink-facts.md',
  },
  {pattern: /\bLD ?#\d+/, fix: 'cite lazydocker issues by URL: https://github.com/jesseduffield/lazydocker/issues/N'},
  {pattern: /\bissue \d+\b/i, fix: 'an issue number means nothing in a clone; say what was meant'},
];

// What a markdown heading's anchor is on GitHub: lower case, punctuation dropped, spaces as hyphens, and -1, -2 …
// for repeats.
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const line of withoutFences(markdown).split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

// Fenced blocks hold examples, not headings or links; nor do inline code spans.
function withoutFences(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

function withoutCode(markdown: string): string {
  return withoutFences(markdown).replace(/`[^`\n]*`/g, '');
}

// Every problem in a set of files (path → text), as "path:line: what — fix".
function problems(files: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  const exists = (path: string) => files.has(path) || [...files.keys()].some(file => file.startsWith(`${path}/`));
  for (const [path, text] of files) {
    if (path === SELF || text.includes('\0')) continue;
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      for (const {pattern, fix} of FORBIDDEN) {
        const match = pattern.exec(line);
        if (match) found.push(`${path}:${i + 1}: "${match[0]}" — ${fix}`);
      }
      // A file or folder named in a comment of the code by its path from the top of the repository.
      if (!path.endsWith('.md'))
        for (const named of commentPaths(line))
          if (!exists(named) && !exists(posix.join(packageRoot(path), named)))
            found.push(`${path}:${i + 1}: "${named}" names no file or folder of the repository`);
      // A docs file named by its path from the top of the repository (in comments, prose, code spans).
      for (const match of line.matchAll(/(?<![\w./-])docs\/[\w.-]+\.md\b/g)) {
        if (!exists(match[0])) found.push(`${path}:${i + 1}: "${match[0]}" does not exist`);
      }
    });
    if (path.endsWith('.md'))
      found.push(...brokenLinks(path, text, files, exists), ...missingPaths(path, text, exists));
  }
  return found;
}

// A file or folder of the repository named in a code span of the docs (`scripts/testbed.sh`, `views/kit/`): it must
// be there, from the top of the repository or, as docs/architecture.md names them, from source/ or a package.
const TOP = /^(?:source|test|scripts|bench|packages|patches|docs|bin|\.ci)\//;
// Ink's own files, named where docs/ink-fixes.md and docs/ink-facts.md explain its code (its repository's src/,
// its package's build/).
const INK_OWN = /^(?:src|build|ink|components|hooks)\//;
const FILE = /\.(?:ts|tsx|mjs|cjs|js|sh|md|json|yml)$/;
function missingPaths(path: string, text: string, exists: (path: string) => boolean): string[] {
  const found: string[] = [];
  withoutFences(text)
    .split('\n')
    .forEach((line, i) => {
      for (const [, quoted = ''] of line.matchAll(/`([^`\s]+)`/g)) {
        const named = quoted.replace(/[:,.]$/, '').replace(/\/$/, '');
        if (!/^[\w.@-]+(?:\/[\w.@-]+)+$/.test(named) || !(TOP.test(named) || FILE.test(named))) continue;
        if (INK_OWN.test(named)) continue;
        const places = [named, posix.join(posix.dirname(path), named), `source/${named}`, `test/${named}`];
        if (!places.some(exists))
          found.push(`${path}:${i + 1}: \`${named}\` names no file or folder of the repository`);
      }
    });
  return found;
}

// Paths from the top of the repository in a line's comment (`// see test/unit/x.test.ts`), without a trailing
// dot, comma or colon; patterns (`views/<view>/`, `*.ts`) are not paths.
// A file of a workspace package names its own files from the package's folder.
const packageRoot = (path: string) => /^packages\/[^/]+\//.exec(path)?.[0] ?? '';

function commentPaths(line: string): string[] {
  const comment = /(?:^|\s)(?:\/\/|\*|#)\s(.*)$/.exec(line)?.[1];
  if (!comment) return [];
  return [...comment.matchAll(/(?<![\w./@-])((?:source|test|scripts|bench|packages|docs)\/[\w./@-]*[\w/])/g)]
    .map(([, path = '']) => path.replace(/\/$/, ''))
    .filter(named => !/[<>*{}]/.test(named));
}

function brokenLinks(
  path: string,
  text: string,
  files: ReadonlyMap<string, string>,
  exists: (path: string) => boolean,
): string[] {
  const found: string[] = [];
  for (const match of withoutCode(text).matchAll(/\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = match[1] ?? '';
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: …
    const [file = '', anchor] = target.split('#', 2);
    const resolved = file ? posix.normalize(posix.join(posix.dirname(path), decodeURI(file))).replace(/\/$/, '') : path;
    if (resolved.startsWith('..')) {
      found.push(`${path}: link "${target}" leaves the repository`);
    } else if (!exists(resolved)) {
      found.push(`${path}: link "${target}": ${resolved} does not exist`);
    } else if (anchor && resolved.endsWith('.md') && !headingAnchors(files.get(resolved) ?? '').has(anchor)) {
      found.push(`${path}: link "${target}": ${resolved} has no heading #${anchor}`);
    }
  }
  return found;
}

function trackedFiles(): Map<string, string> {
  const paths = execFileSync('git', ['ls-files', '-z'], {encoding: 'utf8'}).split('\0').filter(Boolean);
  return new Map(paths.map(path => [path, readFileSync(path, 'utf8')]));
}

describe('the repository stands alone', () => {
  it('refers to nothing outside it: no spec, notes or issue numbers, no broken links', () => {
    expect(problems(trackedFiles())).toEqual([]);
  });

  it('catches each kind of reference (the check itself can fail)', () => {
    const files = new Map([
      ['README.md', '# berth\n## Status\n[a](docs/missing.md) [b](docs/contract.md#no-such) [c](#status) [d](../x.md)'],
      ['docs/contract.md', '# What berth promises\n## Keys\n'],
      ['source/a.ts', `// The product contract is ${OUTSIDE}/SPEC.md`],
      ['source/b.ts', '// Lines are cut at 64 KiB (SPEC §7).'],
      ['source/c.ts', '// a fresh instance redraws (notes/ink.md §2).'],
      ['source/d.ts', '// an unanchored Go regexp (engine.md §1.7)'],
      ['source/e.ts', '// froze lazydocker (LD#221)'],
      ['bench/f.mjs', '// Memory rows (issue 16)'],
      ['source/g.ts', '// (docs/no-such-facts.md)'],
      ['docs/usage.md', 'Run `scripts/gone.sh`, then read `views/kit/gone.ts`.'],
      ['source/h.ts', 'const x = 1; // as test/unit/gone.test.ts shows.'],
    ]);
    const found = problems(files).join('\n');
    for (const expected of [
      'README.md: link "docs/missing.md"',
      'README.md: link "docs/contract.md#no-such"',
      'README.md: link "../x.md" leaves the repository',
      `source/a.ts:1: "${OUTSIDE}"`,
      'source/b.ts:1: "SPEC §"',
      'source/c.ts:1: "notes/ink.md"',
      'source/d.ts:1: "engine.md"',
      'source/e.ts:1: "LD#221"',
      'bench/f.mjs:1: "issue 16"',
      'source/g.ts:1: "docs/no-such-facts.md" does not exist',
      'docs/usage.md:1: `scripts/gone.sh` names no file or folder of the repository',
      'docs/usage.md:1: `views/kit/gone.ts` names no file or folder of the repository',
      'source/h.ts:1: "test/unit/gone.test.ts" names no file or folder of the repository',
    ])
      expect(found).toContain(expected);
    expect(found).not.toContain('#status');
  });

  it('accepts what a clone holds and public URLs', () => {
    const files = new Map([
      [
        'README.md',
        '# berth\n## Checking an engine: `berth doctor`\n## Swarm (view 6)\n' +
          '[a](docs/contract.md#keys) [b](#swarm-view-6) [c](#checking-an-engine-berth-doctor) [d](docs/)\n' +
          '[e](https://github.com/jesseduffield/lazydocker/issues/202)\n```\n[f](nowhere.md)\n```\n',
      ],
      ['docs/contract.md', '# What berth promises\n## Keys\n'],
      ['source/registry/README.md', '[facts](../../docs/contract.md)'],
      ['source/x.ts', '// (docs/contract.md, "Keys"); https://github.com/vadimdemedes/ink/issues/263'],
      ['source/views/kit/list.ts', ''],
      ['packages/flex/source/node.ts', ''],
      ['packages/flex/README.md', "See `source/node.ts`, berth's `views/kit/list.ts` and Ink's `src/output.ts`."],
    ]);
    expect(problems(files)).toEqual([]);
  });
});
