import {Box, Text} from 'ink';
import {memo, useEffect} from 'react';
import {clockTime, type EventRecord} from '../../engine/events/event-record.js';
import {eventMatcher} from '../../engine/events/event-filter.js';
import {severalEngines} from '../../store/engine-connections.js';
import {groupDigits} from '../../text/compare.js';
import {cutWithEllipsis} from '../../text/cut-with-ellipsis.js';
import {fit} from '../../text/format.js';
import {useServices, useStore} from '../use-store.js';
import {useTheme} from '../use-theme.js';
import {shownEvents} from './feed.js';
import {EVENT_WINDOWS} from './state.js';

// Fixed widths (no measuring of thousands of rows ten times a second); NAME and the attributes share the rest.
const TIME = 8;
const TYPE = 9;
const ACTION = 16;
const ENGINE = 12;

function columnsFor(width: number, several: boolean) {
  const fixed = TIME + TYPE + ACTION + 4 + (several ? ENGINE + 1 : 0);
  const rest = Math.max(8, width - fixed);
  const name = Math.min(32, Math.max(8, Math.floor(rest * 0.45)));
  return {name, attributes: Math.max(0, rest - name - 1)};
}

export function eventRow(record: EventRecord, width: number, several: boolean): string {
  const {name, attributes} = columnsFor(width, several);
  const cells = [
    ...(several ? [fit(record.engine ?? '', ENGINE)] : []),
    fit(clockTime(record.time), TIME),
    fit(record.type, TYPE),
    fit(record.action, ACTION),
    fit(record.name, name),
    cutWithEllipsis(record.attributes, attributes),
  ];
  return cells.join(' ');
}

const Row = memo(function Row({text, alert}: {text: string; alert: boolean}) {
  const theme = useTheme();
  return (
    <Text wrap="truncate-end" {...(alert ? theme.error : undefined)}>
      {text || ' '}
    </Text>
  );
});

// What reads as trouble in the list (the alerts' kinds), in the error colour.
const troubled = (record: EventRecord) =>
  record.type === 'container' &&
  (record.action === 'oom' ||
    record.action === 'health_status: unhealthy' ||
    (record.action === 'die' && record.exitCode !== undefined && record.exitCode !== 0));

// View 9: a title line (window, follow, counts, filter), the column heading, and the events from the bottom up.
export function EventsView({width, height}: {width: number; height: number}) {
  const services = useServices();
  const theme = useTheme();
  const state = useStore(s => s.events);
  const several = useStore(severalEngines);
  const lines = shownEvents(services, state.list.filter, state.version, eventMatcher);
  const rowsHeight = Math.max(1, height - 2);
  // The reducer scrolls by the rows drawn here.
  useEffect(() => {
    if (state.rows !== rowsHeight) services.dispatch({type: 'events.rows', rows: rowsHeight});
  }, [services, state.rows, rowsHeight]);
  // Scrolled back to the oldest, a full page from it (the reducer stops there once it knows the rows drawn).
  const last = Math.max(lines.length - 1 - state.scrollBack, Math.min(lines.length - 1, rowsHeight - 1));
  const newer = Math.max(0, lines.length - 1 - last);
  const first = Math.max(0, last - rowsHeight + 1);
  const rows: EventRecord[] = [];
  for (let i = first; i <= last; i++) rows.push(lines.get(i));
  const rowWidth = Math.max(1, width - 1);
  const details = [
    state.replay ?? '',
    state.list.filter ? `/${state.list.filter}` : '',
    state.follow ? 'follow' : `paused (${groupDigits(newer)} newer)`,
    EVENT_WINDOWS[state.window]?.label ?? '',
    `${groupDigits(lines.length)} events`,
  ]
    .filter(Boolean)
    .join(' · ');
  const {name} = columnsFor(rowWidth, several);
  const heading = [
    ...(several ? [fit('ENGINE', ENGINE)] : []),
    fit('TIME', TIME),
    fit('TYPE', TYPE),
    fit('ACTION', ACTION),
    fit('NAME', name),
    'ATTRIBUTES',
  ].join(' ');
  return (
    <Box flexDirection="column" width={width} height={height} overflowY="hidden" paddingLeft={1}>
      <Text bold wrap="truncate-end">
        {cutWithEllipsis(`events · ${details}`, rowWidth)}
      </Text>
      <Text {...theme.columnHeader} wrap="truncate-end">
        {cutWithEllipsis(heading, rowWidth)}
      </Text>
      {rows.length === 0 ? (
        <Text {...theme.muted}>
          {state.list.filter ? 'no event matches the filter' : 'no events yet: they show here as the engine sends them'}
        </Text>
      ) : (
        rows.map((record, i) => <Row key={i} text={eventRow(record, rowWidth, several)} alert={troubled(record)} />)
      )}
    </Box>
  );
}
