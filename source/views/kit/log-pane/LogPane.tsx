import {Box, Text} from 'ink';
import {memo, useEffect, type ReactNode} from 'react';
import type {LogLine} from '../../../engine/logs/log-session.js';
import {useServices, useStore} from '../../use-store.js';
import {severalEngines} from '../../../store/engine-connections.js';
import {cellWidth} from '../../../text/cells.js';
import {stripAnsi} from '../../../text/escapes.js';
import {sanitizeLine} from '../../../text/sanitize.js';
import {wrapCells} from '../../../text/cells.js';
import {cutWithEllipsis} from '../../../text/cut-with-ellipsis.js';
import {pane as paneOf, paneSession} from './session.js';
import {LOG_WINDOWS, type LogPaneState} from './state.js';
import {followedText} from './title.js';
import {groupDigits} from '../../../text/compare.js';
import {useTheme} from '../../use-theme.js';
import {prefixStyle} from '../../../theme/index.js';
import {dropColours} from '../../../text/drop-colours.js';
import {describeFilter, type PaneLines} from './filter.js';

type Row = {
  text: string;
  stream: LogLine['stream'];
  match: boolean;
  current: boolean;
  query?: string;
  prefix?: LogLine['prefix'];
  // The position of the line the row shows among the lines shown (the buffer's index without a filter).
  index: number;
};

// What a line looks like in a pane of a given width, kept with the line: a line stays on screen for many frames
// while newer ones push it up, and is measured and cut once, not once a frame.
type Shown = {width: number; timestamps: boolean; plain: boolean; full: string; text: string; prefixLength: number};
const shownLines = new WeakMap<LogLine, Shown>();

function shownLine(line: LogLine, width: number, timestamps: boolean, plain: boolean): Shown {
  const cached = shownLines.get(line);
  if (cached && cached.width === width && cached.timestamps === timestamps && cached.plain === plain) return cached;
  const prefix = timestamps && line.time ? `${line.time.replace(/\.(\d{3})\d*Z$/, '.$1Z')} ` : '';
  // Without colour (theme none) the line's own colours go too.
  const full = prefix + (plain ? dropColours(line.text) : line.text) + (line.truncated ? ' [line cut at 64 KiB]' : '');
  // Cut to the width (cost proportional to the width: a 64 KiB line is not measured whole); the same string when
  // it fits.
  const shown = {width, timestamps, plain, full, text: cutWithEllipsis(full, width), prefixLength: prefix.length};
  shownLines.set(line, shown);
  return shown;
}

// Lines from the bottom up until the pane is full: only what is on screen is ever laid out. Scrolled back to the
// first line (home, or typed ahead of the lines), the page goes on below it, as `less` shows its first page,
// rather than leaving the first line alone above an empty pane.
function visibleRows(lines: PaneLines, pane: LogPaneState, width: number, height: number, plain: boolean): Row[] {
  const rows: Row[] = [];
  const matches = pane.search ? new Set(pane.search.matches) : undefined;
  const currentLine = pane.search?.matches[pane.search.current];
  const rowsOf = (index: number, room: number, from: 'start' | 'end'): Row[] => {
    const line = lines.get(index);
    const shown = shownLine(line, width, pane.timestamps, plain);
    const match = matches?.has(index) ?? false;
    const base = {
      index,
      stream: line.stream,
      match,
      current: index === currentLine,
      query: match ? pane.search?.query : undefined,
    };
    if (!pane.wrap || shown.text === shown.full)
      return [
        {
          ...base,
          text: shown.text,
          prefix: line.prefix && {...line.prefix, length: line.prefix.length + shown.prefixLength},
        },
      ];
    // A line's first rows are needed only on the page below the first line (all of it is wrapped then).
    const pieces = wrapCells(shown.full, width, from === 'end' ? room : Number.MAX_SAFE_INTEGER);
    return (from === 'end' ? pieces.slice(-room) : pieces.slice(0, room)).map(text => ({...base, text}));
  };
  // The pane's count may run ahead of the lines read here (published at most ~10 Hz): never below the first.
  const bottom = Math.max(-1, lines.length - 1 - pane.scrollBack);
  let index = bottom;
  for (; index >= 0 && rows.length < height; index--)
    rows.push(...rowsOf(index, height - rows.length, 'end').reverse());
  rows.reverse();
  if (index < 0)
    for (let below = bottom + 1; below < lines.length && rows.length < height; below++)
      rows.push(...rowsOf(below, height - rows.length, 'start'));
  return rows;
}

function Highlighted({text, query}: {text: string; query: string}) {
  const theme = useTheme();
  const plain = stripAnsi(text);
  const needle = query.startsWith('re:') ? undefined : query.toLowerCase();
  if (!needle) return <Text inverse>{plain}</Text>;
  const parts: {text: string; hit: boolean}[] = [];
  let at = 0;
  const lower = plain.toLowerCase();
  for (let hit = lower.indexOf(needle); hit !== -1 && needle; hit = lower.indexOf(needle, at)) {
    parts.push({text: plain.slice(at, hit), hit: false}, {text: plain.slice(hit, hit + needle.length), hit: true});
    at = hit + needle.length;
  }
  parts.push({text: plain.slice(at), hit: false});
  return (
    <Text>
      {parts.map((part, i) => (
        <Text key={i} {...(part.hit ? theme.searchMatch : undefined)}>
          {part.text}
        </Text>
      ))}
    </Text>
  );
}

const PaneTitle = memo(function PaneTitle({text, focused}: {text: string; focused: boolean}) {
  return (
    <Text bold inverse={focused} wrap="truncate-end">
      {text}
    </Text>
  );
});

// One row (or a run of plain rows), rendered again only when what it shows changes (a paused pane whose title counts new lines, a frame
// that adds fewer lines than the pane holds).
const LogRow = memo(function LogRow({
  text,
  stream,
  compose,
  query,
  current,
  prefixLength,
  prefixHue,
}: {
  text: string;
  stream: LogLine['stream'];
  compose: boolean;
  query?: string;
  current: boolean;
  prefixLength?: number;
  prefixHue?: number;
}) {
  const theme = useTheme();
  if (query)
    return (
      <Text wrap="truncate-end" bold={current}>
        <Highlighted text={text} query={query} />
      </Text>
    );
  if (prefixLength !== undefined && prefixLength < text.length)
    return (
      <Text wrap="truncate-end">
        <Text {...prefixStyle(theme, prefixHue ?? 0)}>{text.slice(0, prefixLength)}</Text>
        <Text {...(stream === 'system' ? theme.logError : undefined)}>{text.slice(prefixLength)}</Text>
      </Text>
    );
  const style =
    stream === 'system'
      ? compose
        ? theme.logInfo
        : theme.logError
      : stream === 'stderr' && !compose
        ? theme.logStderr
        : undefined;
  return (
    <Text wrap="truncate-end" {...style}>
      {text || ' '}
    </Text>
  );
});

// Printable ASCII and colour only: as wide as it is long, in berth's measure and in Ink's alike.
const PLAIN_ROW = /^(?:[\x20-\x7e]|\x1b\[[\d;:]*m)*$/;

// The rows as Ink nodes. Neighbouring plain rows of one stream (a flood's whole pane) are one Text of several
// lines, not a node each: Ink lays out, and React reconciles, one node instead of up to a pane's height of them
// on every frame. A run holds only rows that fit the width in any measure: Ink would cut an overlong text of
// several lines as one. Search matches and merged logs' prefixes keep a node per row.
function rowElements(rows: Row[], compose: boolean): ReactNode[] {
  const elements: ReactNode[] = [];
  let run: string[] = [];
  let runStart = 0;
  let runStream: LogLine['stream'] = 'stdout';
  const endRun = () => {
    if (run.length === 0) return;
    elements.push(
      <LogRow key={`run${runStart}`} text={run.join('\n')} stream={runStream} compose={compose} current={false} />,
    );
    run = [];
  };
  rows.forEach((row, i) => {
    if (!row.query && !row.prefix && PLAIN_ROW.test(row.text)) {
      if (run.length > 0 && row.stream !== runStream) endRun();
      if (run.length === 0) {
        runStart = i;
        runStream = row.stream;
      }
      run.push(row.text);
      return;
    }
    endRun();
    elements.push(
      <LogRow
        key={i}
        text={row.text}
        stream={row.stream}
        compose={compose}
        query={row.query}
        current={row.current}
        prefixLength={row.prefix?.length}
        prefixHue={row.prefix?.hue}
      />,
    );
  });
  endRun();
  return elements;
}

// `3/10`; `-/10` while no match is current (its line left the buffer: n goes to the oldest match held).
function searchPosition(search: NonNullable<LogPaneState['search']>): string {
  if (!search.matches.length) return 'no match';
  return `${search.current < 0 ? '-' : search.current + 1}/${search.matches.length}`;
}

// The log pane: a title line and the visible rows of the session's ring buffer, re-rendered at most ~10 Hz.
export function LogPane({width, height}: {width: number; height: number}) {
  const services = useServices();
  const theme = useTheme();
  const {config} = services;
  const pane = useStore(state => state.logs);
  const focused = useStore(state => state.focus === 'logs');
  const several = useStore(severalEngines);
  const bodyHeight = Math.max(1, height - 1);
  // The reducer scrolls by the rows drawn here (home stops at the first page).
  // (On what it says alone: the pane object changes with every publish, ten times a second.)
  const open = pane !== undefined;
  const paneRows = pane?.rows;
  useEffect(() => {
    if (open && paneRows !== bodyHeight) services.dispatch({type: 'logs.rows', rows: bodyHeight});
  }, [services, open, paneRows, bodyHeight]);
  if (!pane) return null;
  const lines = paneSession.lines(services);
  const rows = lines ? visibleRows(lines, pane, Math.max(1, width - 1), bodyHeight, theme.plain) : [];
  // The lines below the pane (the page below the first line shows some of those scrolled back over).
  const lastShown = rows.at(-1)?.index;
  const newer = lines && lastShown !== undefined ? lines.length - 1 - lastShown : pane.scrollBack;
  const window = pane.custom?.label ?? (pane.window === 0 ? `tail ${config.logTail}` : LOG_WINDOWS[pane.window]?.label);
  // What changes most (search position, follow state) comes first, so a narrow pane still shows it.
  const details = [
    pane.search ? `/${pane.search.query} ${searchPosition(pane.search)}` : '',
    pane.filter ? describeFilter(pane.filter) : '',
    // A log read without following (:logs --follow=false) says so with its window, not `follow` as well.
    pane.follow ? (pane.custom?.follow === false ? '' : 'follow') : `paused (${groupDigits(newer)} newer)`,
    pane.status !== 'streaming' ? pane.status : '',
    pane.kind === 'compose' ? '' : window,
    pane.filter
      ? `${groupDigits(pane.total)} of ${groupDigits(pane.held ?? pane.total)} lines`
      : `${groupDigits(pane.total)} lines`,
  ]
    .filter(Boolean)
    .join(' · ');
  // Merged logs name as many of their containers as the rest of the title leaves room for.
  const room = width - 3 - cellWidth(`logs  · ${details}`);
  // With several engines a container's log names its engine first; merged logs name it in each member.
  const name = several && pane.engine && !pane.members ? `${pane.engine}/${pane.name}` : pane.name;
  const title = `${pane.title ?? `logs ${followedText(name, pane.members, room)}`} · ${details}`;
  // What y copies as "the lines on screen": the pane knows them only once it has laid them out.
  const [first, last] = [rows[0], rows.at(-1)];
  paneOf(services).onScreen = first && last ? {first: first.index, last: last.index} : undefined;
  const titleText = ` ${cutWithEllipsis(sanitizeLine(title), Math.max(1, width - 3))} `;
  // Rows are cut to the pane's width above, so only the height is clipped: a horizontal clip would make Ink cut
  // every row of every frame again (ANSI-aware slicing of each new line).
  return (
    <Box flexDirection="column" width={width} height={height} overflowY="hidden" paddingLeft={1}>
      <PaneTitle text={titleText} focused={focused} />
      {rowElements(rows, pane.kind === 'compose')}
    </Box>
  );
}
