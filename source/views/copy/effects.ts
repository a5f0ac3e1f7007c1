import {resolve} from 'node:path';
import {copyToClipboard, type CopyLines, type CopyOutcome} from '../../clipboard/copy.js';
import {MAX_OSC52_TEXT_BYTES} from '../../clipboard/osc52.js';
import {dockerCommand} from '../../command-log.js';
import {connectionFlags} from '../../engine/cli-flags.js';
import type {LogLine} from '../../engine/logs/line-assembler.js';
import {groupDigits} from '../../text/compare.js';
import {copyText} from '../../text/copy-text.js';
import {cutWithEllipsis} from '../../text/cut-with-ellipsis.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {perApp} from '../kit/runtime.js';
import {defaultSavePath} from '../kit/log-pane/reducer.js';
import {paneSession} from '../kit/log-pane/session.js';
import {selectedPath} from '../kit/files/reducer.js';
import type {CopyItem, DockerWords, Services, ViewModule} from '../types.js';
import type {LogCopyChoice, LogCopyItem} from './state.js';

// The lines y found on screen when it was pressed: the menu then covers part of the pane, which draws fewer rows.
const shown = perApp<{line?: LogLine; visible: readonly LogLine[]}>(() => ({visible: []}));

export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const lineCount = (n: number) => `${groupDigits(n)} ${n === 1 ? 'line' : 'lines'}`;

// Copying off (clipboard: false): say so and how to turn it back on.
function copyingOff(services: Services): boolean {
  if (services.config.clipboard !== false) return false;
  const file = services.config.configFile ?? 'the config file';
  services.status(`copying is off (clipboard: false in ${file}); set clipboard: true there to turn it on`, 'error');
  return true;
}

export function dockerWords(services: Services): DockerWords {
  return (words, engine) => {
    const target = services.engine(engine)?.target;
    return dockerCommand([...(target ? connectionFlags(target) : []), ...words]);
  };
}

// y over a list: the active view's items for its selected row.
export function openCopyMenu(services: Services, views: () => readonly ViewModule[]): void {
  if (copyingOff(services)) return;
  const state = services.store.get();
  const view = views().find(module => module.id === state.view);
  const menu = view?.copyItems?.(state, dockerWords(services));
  if (!menu?.items.length) {
    services.status(
      view?.copyItems ? 'nothing to copy: no row is selected' : `nothing to copy in ${view?.title ?? 'this view'}`,
    );
    return;
  }
  services.dispatch({type: 'overlay.show', overlay: {kind: 'copy', what: menu.what, items: menu.items}});
}

// y in the log pane: which lines (the selected line, those on screen, the buffer, the search's matches).
export function openLogCopyMenu(services: Services): void {
  if (copyingOff(services)) return;
  const pane = services.store.get().logs;
  const session = paneSession.get(services);
  if (!pane || !session || session.buffer.length === 0) {
    services.status('nothing to copy: the pane has no lines yet');
    return;
  }
  const buffer = session.buffer;
  // Positions among the lines the pane shows (a filter's, when one is set), as the search's and onScreen are.
  const lines = paneSession.lines(services) ?? buffer;
  const at = (index: number) => (index >= 0 && index < lines.length ? lines.get(index) : undefined);
  const search = pane.search;
  // The current match when searching, else the line the pane is scrolled to.
  const match = search?.matches[search.current];
  const line = at(match ?? lines.length - 1 - pane.scrollBack);
  const screen = paneSession.onScreen(services);
  const visible: LogLine[] = [];
  // What the pane drew last (a line cleared since then is skipped).
  for (let i = screen?.first ?? 0; screen && i <= screen.last; i++) {
    const shownLine = at(i);
    if (shownLine) visible.push(shownLine);
  }
  shown(services).line = line;
  shown(services).visible = visible;
  const items: LogCopyItem[] = [];
  const add = (choice: LogCopyChoice, action: LogCopyItem['action'], label: string, detail: string) =>
    items.push({action, choice, label, detail});
  if (line)
    add(
      'line',
      'copy.line',
      search?.matches.length ? 'the current match' : 'the last line shown',
      copyText(original(line)),
    );
  if (visible.length) add('visible', 'copy.visible', 'the lines on screen', lineCount(visible.length));
  add('buffer', 'copy.buffer', 'every line held', lineCount(buffer.length));
  if (search?.matches.length)
    add('matches', 'copy.matches', `lines matching "${search.query}"`, lineCount(search.matches.length));
  services.dispatch({type: 'overlay.show', overlay: {kind: 'copyLogs', what: pane.title ?? pane.name, items}});
}

// What the container wrote (as ctrl-s saves it), not the screen's version of it.
const original = (line: LogLine) => line.raw ?? line.text;

function* originals(lines: Iterable<LogLine>): Iterable<string> {
  for (const line of lines) yield original(line);
}

function logLines(services: Services, choice: LogCopyChoice): CopyLines | undefined {
  const session = paneSession.get(services);
  const pane = services.store.get().logs;
  if (!session || !pane) return undefined;
  switch (choice) {
    case 'line': {
      const line = shown(services).line;
      return line ? () => [original(line)] : undefined;
    }
    case 'visible': {
      const visible = shown(services).visible;
      return () => originals(visible);
    }
    case 'buffer': {
      // The lines held now: more may arrive while a large copy is saved.
      const lines = session.buffer.toArray();
      return () => originals(lines);
    }
    case 'matches': {
      const shownLines = paneSession.lines(services) ?? session.buffer;
      const lines = (pane.search?.matches ?? [])
        .filter(index => index < shownLines.length)
        .map(index => shownLines.get(index));
      return () => originals(lines);
    }
  }
}

function report(services: Services, outcome: CopyOutcome, what: string): void {
  switch (outcome.kind) {
    case 'failed':
      services.status(`copy ${what}: ${outcome.error}`, 'error');
      return;
    case 'saved':
      services.status(
        `too large for the terminal's clipboard (${lineCount(outcome.lines)}, ${sizeText(outcome.bytes)}; at most ${sizeText(MAX_OSC52_TEXT_BYTES)}): saved to ${resolve(outcome.file)} instead`,
      );
      return;
    case 'copied': {
      const via = outcome.tool ? (outcome.terminal ? ` (also with ${outcome.tool})` : ` with ${outcome.tool}`) : '';
      const hint = outcome.hint ? ` · ${outcome.hint}` : '';
      services.status(`copied ${what}${via}${hint}`, outcome.hint ? 'error' : 'info');
    }
  }
}

async function copy(services: Services, lines: CopyLines, what: (outcome: CopyOutcome) => string, name: string) {
  const outcome = await copyToClipboard(lines, {
    env: process.env,
    savePath: () => defaultSavePath(`${name}-copy`),
    toolDone: error => {
      if (error) services.status(`copying with the desktop's clipboard tool failed: ${error}`, 'error');
    },
  });
  report(services, outcome, what(outcome));
}

// The status line shows what was copied: a long ID is shown by its start and its length.
function shortened(text: string): string {
  return text.length <= 60 ? text : `${cutWithEllipsis(text, 16)} (${groupDigits(text.length)} characters)`;
}

// A letter in the list's menu: that item's text.
export function copyItem(services: Services, item: CopyItem, whatRow: string): void {
  const text = item.text;
  void copy(
    services,
    () => [text],
    outcome =>
      `the ${item.label} of ${sanitizeLine(whatRow)}${outcome.kind === 'copied' ? `: ${shortened(sanitizeLine(copyText(text)))}` : ''}`,
    whatRow.replace(/^\S+ /, ''),
  );
}

// y in the files pane: the selected entry's container path (or the file shown).
export function copyFilePath(services: Services): void {
  if (copyingOff(services)) return;
  const state = services.store.get();
  const path = selectedPath(state);
  if (!path || !state.files) return;
  void copy(
    services,
    () => [path],
    () => `the path ${sanitizeLine(path)}`,
    state.files.name,
  );
}

// A letter in the log pane's menu: those lines.
export function copyLogLines(services: Services, item: LogCopyItem): void {
  const lines = logLines(services, item.choice);
  const pane = services.store.get().logs;
  if (!lines || !pane) return;
  void copy(
    services,
    lines,
    outcome => (outcome.kind === 'copied' ? `${lineCount(outcome.lines)}, ${sizeText(outcome.bytes)}` : 'log lines'),
    pane.name,
  );
}
