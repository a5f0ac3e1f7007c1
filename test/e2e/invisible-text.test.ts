import {execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {benchEnv, docker, uniqueName, runTestContainer} from '../helpers/bench.js';
import {openLogs, submitSave} from '../helpers/log-pane.js';
import {berthPerTest, SOCKET, type Terminal} from '../helpers/terminal.js';

// Invisible and bidi characters as a user meets them: a container prints bidi overrides, zero-width characters and
// legitimate Unicode; berth in a real terminal (tmux) shows markers for the first and the text for the rest, and the
// bytes berth writes to the terminal (tmux pipe-pane, as bench/ui-lib.mjs captures them) hold none of the format
// characters raw.

// Written out here rather than imported from the sanitiser, so a mistake in its list cannot hide itself.
const FORMAT = /[\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/gu;
// The only format characters allowed through: ZWJ inside an emoji ZWJ sequence, ZWNJ between Persian letters.
const KEPT =
  /(?<=[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F])\u200D(?=\p{Extended_Pictographic})|(?<=\p{sc=Arabic})\u200C(?=\p{sc=Arabic})/gu;

const CORPUS = [
  'trojan G\u202Ereversed H',
  'trojan /*\u202E } \u2066if (isAdmin)\u2069 \u2066 begin admins only */',
  'secret pass\u200Bword here',
  'isolates \u2067abc\u2069 marks \u200E\u200F\u061C bom \uFEFF joiner a\u2060b',
  'separators one\u2028two\u2029three',
  'emoji 👨\u200D👩\u200D👧\u200D👦 👩🏽\u200D💻 👍🏿 🇩🇪 done',
  'arabic مرحبا بالعالم hebrew שלום עולם persian می\u200Cخواهم',
  'accents e\u0301le\u0300ve flood Z' + '\u0336\u0301'.repeat(60) + 'ok',
];

// busybox printf with every byte but letters and spaces as an octal escape: the container writes exactly these bytes.
function printfFormat(lines: string[]): string {
  return [...Buffer.from(lines.map(line => `${line}\n`).join(''), 'utf8')]
    .map(b =>
      (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x20
        ? String.fromCharCode(b)
        : `\\${b.toString(8).padStart(3, '0')}`,
    )
    .join('');
}

const name = uniqueName('e2e-invisible');
const dir = mkdtempSync(join(tmpdir(), 'berth-invisible-'));
const berth = berthPerTest();
let terminal: Terminal | undefined;

beforeAll(() => {
  // The corpus, then a line of 10,000 zero-width spaces, then a last line to wait for.
  const script = `printf "$1"; printf 'zwsp '; yes "$(printf '\\342\\200\\213')" | head -n 10000 | tr -d '\\n'; echo; echo "corpus end"; sleep 3600`;
  runTestContainer(name, ['sh', '-c', script, 'sh', printfFormat(CORPUS)]);
});
afterAll(() => {
  docker(['rm', '-f', name]);
  rmSync(dir, {recursive: true, force: true});
});

describe('invisible and bidi characters from a container', () => {
  test('shown as markers, never written raw; search finds through them; ctrl-s saves the original bytes', async () => {
    const deadline = Date.now() + 15_000;
    while (!docker(['logs', name]).includes('corpus end') && Date.now() < deadline)
      await new Promise(r => setTimeout(r, 200));
    terminal = berth.start({env: benchEnv(), columns: 160, rows: 30});
    const captured = join(dir, 'terminal.bytes');
    execFileSync('tmux', ['-L', SOCKET, 'pipe-pane', '-o', '-t', terminal.session, `cat >> '${captured}'`]);

    await openLogs(terminal, name);
    const screen = await terminal.waitFor('corpus end');

    // What the user sees: markers where the format characters were, the legitimate text as it is.
    expect(screen).toContain('trojan G‹U+202E›reversed H');
    expect(screen).toContain('secret pass‹U+200B›word here');
    expect(screen).toContain('‹U+2067›abc‹U+2069› marks ‹U+200E›‹U+200F›‹U+061C› bom ‹U+FEFF› joiner a‹U+2060›b');
    expect(screen).toContain('separators one‹U+2028›two‹U+2029›three');
    expect(screen).toContain('hebrew שלום עולם');
    // The 10,000 zero-width spaces: cut at the pane's edge, and the cut says so.
    expect(screen).toMatch(/zwsp (‹U\+200B›)+‹?[U+0-9A-F]*…/);

    terminal.type('/');
    terminal.type('password');
    terminal.keys('Enter');
    await terminal.waitFor('1 line matches "password" (1 with invisible characters, shown as ‹U+…›)');

    const file = join(dir, 'saved.log');
    terminal.keys('Escape');
    // A lone ESC is told from the start of a key sequence by the pause after it.
    await terminal.waitUntil(s => !s.includes('/password '), 'the search to clear');
    await submitSave(terminal, file);
    await terminal.waitFor(/saved \d+ lines to/);
    // The file is the container's output: byte for byte what `docker logs` gives.
    const original = execFileSync('docker', ['logs', name], {env: {...process.env, ...benchEnv()}});
    expect(readFileSync(file).equals(original)).toBe(true);

    terminal.keys('Escape');
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);

    const written = readFileSync(captured).toString('utf8');
    expect(written).toContain('‹U+202E›');
    expect(written).toContain('👨\u200D👩\u200D👧\u200D👦');
    const raw = written.replace(KEPT, '').match(FORMAT) ?? [];
    expect(raw.map(c => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`)).toEqual([]);
  });
});
