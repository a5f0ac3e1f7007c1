import {Box, Text} from 'ink';
import type {LogLine} from '../../engine/logs/log-session.js';
import {useServices, useStore} from '../use-store.js';
import {cellWidth, sanitizeLine, stripAnsi, truncateCells} from '../../text/sanitize.js';
import {wrapCells} from '../../text/cells.js';
import {cutWithEllipsis} from '../../text/cut-with-ellipsis.js';
import {paneSession} from './session.js';
import {LOG_WINDOWS, type LogPaneState} from './state.js';
import {groupDigits} from '../../text/compare.js';

type Row = {
  text: string;
  stream: LogLine['stream'];
  match: boolean;
  current: boolean;
  query?: string;
  prefix?: LogLine['prefix'];
};

// Lines from the bottom up until the pane is full: only what is on screen is ever laid out.
function visibleRows(
  lines: {get(i: number): LogLine; length: number},
  pane: LogPaneState,
  width: number,
  height: number,
): Row[] {
  const rows: Row[] = [];
  const matches = pane.search ? new Set(pane.search.matches) : undefined;
  const currentLine = pane.search?.matches[pane.search.current];
  for (let index = lines.length - 1 - pane.scrollBack; index >= 0 && rows.length < height; index--) {
    const line = lines.get(index);
    const prefix = pane.timestamps && line.time ? `${line.time.replace(/\.(\d{3})\d*Z$/, '.$1Z')} ` : '';
    const text = prefix + line.text + (line.truncated ? ' [line cut at 64 KiB]' : '');
    const match = matches?.has(index) ?? false;
    const base = {
      stream: line.stream,
      match,
      current: index === currentLine,
      query: match ? pane.search?.query : undefined,
    };
    if (!pane.wrap || cellWidth(text) <= width) {
      rows.push({
        ...base,
        text: cutWithEllipsis(text, width),
        prefix: line.prefix && {...line.prefix, length: line.prefix.length + prefix.length},
      });
      continue;
    }
    const pieces = wrapCells(text, width, height - rows.length);
    for (let i = pieces.length - 1; i >= 0 && rows.length < height; i--) rows.push({...base, text: pieces[i]});
  }
  return rows.reverse();
}

function Highlighted({text, query}: {text: string; query: string}) {
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
        <Text key={i} backgroundColor={part.hit ? 'yellow' : undefined} color={part.hit ? 'black' : undefined}>
          {part.text}
        </Text>
      ))}
    </Text>
  );
}

// The log pane: a title line and the visible rows of the session's ring buffer, re-rendered at most ~10 Hz.
export function LogPane({width, height}: {width: number; height: number}) {
  const services = useServices();
  const {config} = services;
  const pane = useStore(state => state.logs);
  const focused = useStore(state => state.focus === 'logs');
  if (!pane) return null;
  const session = paneSession.get(services);
  const window = pane.custom?.label ?? (pane.window === 0 ? `tail ${config.logTail}` : LOG_WINDOWS[pane.window]?.label);
  // What changes most (search position, follow state) comes first, so a narrow pane still shows it.
  const title = [
    pane.title ?? `logs ${pane.name}`,
    pane.search
      ? `/${pane.search.query} ${pane.search.matches.length ? `${pane.search.current + 1}/${pane.search.matches.length}` : 'no match'}`
      : '',
    pane.follow ? 'follow' : `paused (${pane.scrollBack} newer)`,
    pane.status !== 'streaming' ? pane.status : '',
    pane.kind === 'compose' ? '' : window,
    `${groupDigits(pane.total)} lines`,
  ]
    .filter(Boolean)
    .join(' · ');
  const bodyHeight = Math.max(1, height - 1);
  const rows = session ? visibleRows(session.buffer, pane, Math.max(1, width - 1), bodyHeight) : [];
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden" paddingLeft={1}>
      <Text bold inverse={focused} wrap="truncate-end">
        {` ${truncateCells(sanitizeLine(title), Math.max(1, width - 3))} `}
      </Text>
      {rows.map((row, i) =>
        row.query ? (
          <Text key={i} wrap="truncate-end" bold={row.current}>
            <Highlighted text={row.text} query={row.query} />
          </Text>
        ) : row.prefix && row.prefix.length < row.text.length ? (
          <Text key={i} wrap="truncate-end">
            <Text color={row.prefix.color}>{row.text.slice(0, row.prefix.length)}</Text>
            <Text color={row.stream === 'system' ? 'red' : undefined}>{row.text.slice(row.prefix.length)}</Text>
          </Text>
        ) : (
          <Text
            key={i}
            wrap="truncate-end"
            color={
              row.stream === 'system'
                ? pane.kind === 'compose'
                  ? 'cyan'
                  : 'red'
                : row.stream === 'stderr' && pane.kind !== 'compose'
                  ? 'yellow'
                  : undefined
            }
          >
            {row.text || ' '}
          </Text>
        ),
      )}
    </Box>
  );
}
