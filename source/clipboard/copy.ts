import {once} from 'node:events';
import {openPartial, type PartialFile} from '../engine/files/partial-file.js';
import {explainWrite} from '../engine/files/write-errors.js';
import {writeToTerminal} from '../terminal.js';
import {copyText} from '../text/copy-text.js';
import {MAX_OSC52_TEXT_BYTES, osc52, tmuxPassthrough} from './osc52.js';
import {copyWithTool, findClipboardTool, type ClipboardTool} from './system-tool.js';
import {osc52Route, readTmuxClipboard, type TmuxClipboard} from './tmux.js';

export type CopyOutcome =
  // On the clipboard: through the terminal (OSC 52) and, where there is a desktop, its own tool too.
  | {kind: 'copied'; lines: number; bytes: number; terminal: boolean; tool?: string; hint?: string}
  // Over the terminal's limit: in a file instead.
  | {kind: 'saved'; lines: number; bytes: number; file: string}
  | {kind: 'failed'; error: string};

export type ClipboardIo = {
  env: NodeJS.ProcessEnv;
  // Writes an escape sequence to the terminal the user sits at; false when there is none. Default: terminal.ts.
  write?(sequence: string): boolean;
  // Where the text goes when it is too large for OSC 52 (a fresh name: an existing file is never replaced).
  savePath(): string;
  // Injected in tests; found on PATH otherwise.
  tool?: ClipboardTool | null;
  tmux?: () => Promise<TmuxClipboard | undefined>;
  // What a desktop tool reports, when it is done (it never holds up the copy itself).
  toolDone?: (error: string | undefined) => void;
  maxBytes?: number;
};

// The text to copy is given a line at a time: a log buffer is measured before anything is joined, so a buffer of
// 10,000 long lines is never built into one string only to be refused.
export type CopyLines = () => Iterable<string>;

type Size = {lines: number; bytes: number};

// Every line sanitised (copy-text.ts) and joined with newlines, or undefined as soon as the text is over the cap:
// the rest is measured while it is saved, never held.
function within(lines: CopyLines, cap: number): ({text: string} & Size) | undefined {
  const kept: string[] = [];
  let bytes = 0;
  for (const line of lines()) {
    const clean = copyText(line);
    bytes += Buffer.byteLength(clean, 'utf8') + (kept.length > 0 ? 1 : 0);
    if (bytes > cap) return undefined;
    kept.push(clean);
  }
  return {text: kept.join('\n'), lines: kept.length, bytes};
}

// `NAME-copy-TIME.log`, else `NAME-copy-TIME-2.log` and so on: a copy never replaces a file, nor fails because
// another one was saved in the same second.
async function openFresh(path: string): Promise<PartialFile> {
  const dot = path.lastIndexOf('.');
  const [base, ext] = dot > path.lastIndexOf('/') ? [path.slice(0, dot), path.slice(dot)] : [path, ''];
  for (let n = 1; ; n++) {
    try {
      return await openPartial(n === 1 ? path : `${base}-${n}${ext}`, false);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || n >= 100) throw error;
    }
  }
}

async function saveText(path: string, lines: CopyLines): Promise<Size & {file: string}> {
  const file = await openFresh(path);
  try {
    let count = 0;
    let bytes = 0;
    for (const line of lines()) {
      const row = `${count > 0 ? '\n' : ''}${copyText(line)}`;
      count++;
      bytes += Buffer.byteLength(row, 'utf8');
      if (!file.stream.write(row)) await once(file.stream, 'drain');
    }
    file.stream.end('\n');
    await file.commit();
    return {file: file.path, lines: count, bytes};
  } catch (error) {
    await file.discard();
    throw error;
  }
}

export async function copyToClipboard(lines: CopyLines, io: ClipboardIo): Promise<CopyOutcome> {
  const cap = io.maxBytes ?? MAX_OSC52_TEXT_BYTES;
  const measured = within(lines, cap);
  if (!measured) {
    const file = io.savePath();
    try {
      return {kind: 'saved', ...(await saveText(file, lines))};
    } catch (error) {
      const [reason, fix] = explainWrite((error as NodeJS.ErrnoException).code, file, error);
      return {kind: 'failed', error: `cannot save the copy to ${file}: ${reason}; ${fix}`};
    }
  }
  const text = measured.text;
  const route = io.env.TMUX ? osc52Route(await (io.tmux ?? readTmuxClipboard)()) : {wrap: false};
  const sequence = osc52(text);
  const terminal = (io.write ?? writeToTerminal)(route.wrap ? tmuxPassthrough(sequence) : sequence);
  const tool = io.tool === undefined ? findClipboardTool(io.env) : (io.tool ?? undefined);
  if (tool) void copyWithTool(tool, text).then(error => io.toolDone?.(error));
  if (!terminal && !tool)
    return {kind: 'failed', error: 'no terminal to copy to (OSC 52) and no clipboard tool (xclip, wl-copy, pbcopy)'};
  return {
    kind: 'copied',
    lines: measured.lines,
    bytes: measured.bytes,
    terminal,
    tool: tool?.program,
    hint: terminal ? route.hint : undefined,
  };
}
