import {Box, Text} from 'ink';
import {memo} from 'react';
import {useStore} from '../use-store.js';
import type {Column} from './columns.js';
import type {Table} from './table.js';
import type {Role} from '../../theme/index.js';
import {joinCells} from './columns.js';
import type {EngineListKit} from './types.js';
import {GLYPH} from './glyphs.js';
import {MESSAGE_ROLE, type ListMessage} from './messages.js';
import {styles} from '../../theme/index.js';
import {useTheme} from '../use-theme.js';
import {downEngines} from '../../store/engine-connections.js';
import {engineOf} from './across-engines.js';
import {sanitizeLine} from '../../text/sanitize.js';

// Stable between renders (memo): a row the cursor did not touch is not drawn again.
const Row = memo(function Row({
  text,
  selected,
  marked,
  tone,
  lead,
  leadRole,
}: {
  text: string;
  selected: boolean;
  marked: boolean;
  tone: 'dim' | 'warn' | undefined;
  lead: string | undefined;
  leadRole: Role | undefined;
}) {
  const theme = useTheme();
  const mark = marked ? <Text {...theme.marked}>{GLYPH.mark}</Text> : GLYPH.blank;
  return (
    <Text
      {...styles(
        selected && theme.selection,
        tone === 'dim' && theme.muted,
        tone === 'warn' && !selected && theme.error,
      )}
      wrap="truncate-end"
    >
      {selected ? GLYPH.cursor : GLYPH.blank}
      {/* Three cells before the text either way: cursor, lead glyph, mark — or cursor, mark, a space. */}
      {lead === undefined ? (
        <>
          {mark} {text}
        </>
      ) : (
        <>
          <Text {...(leadRole && theme[leadRole])}>{lead}</Text>
          {mark}
          {text}
        </>
      )}
    </Text>
  );
});

export function ListHeading<Row, Ctx>({
  columns,
  widths,
}: {
  columns: readonly Column<Row, Ctx>[];
  widths: readonly number[];
}) {
  const theme = useTheme();
  return (
    <Text bold {...theme.columnHeader} wrap="truncate-end">
      {'   ' +
        joinCells(
          columns,
          widths,
          columns.map(column => column.title),
        )}
    </Text>
  );
}

export function ListMessageLine({message}: {message: ListMessage | undefined}) {
  const theme = useTheme();
  if (!message) return null;
  return (
    <Text {...theme[MESSAGE_ROLE[message.tone]]} wrap="truncate-end">
      {'  ' + message.text}
    </Text>
  );
}

const noContext = () => undefined;

// Every list's body: the heading, the message when there is one, and only the rows on screen — so thousands of
// rows cost the same as twenty. Rows of an engine that is away are drawn dim.
export function ListTable<Row extends object, Ctx>({
  table,
  width,
  height,
}: {
  table: Table<Row, Ctx>;
  width: number;
  height: number;
}) {
  const theme = useTheme();
  const rows = useStore(table.rows);
  const measured = useStore(table.measured ?? table.rows);
  const columns = useStore(table.shown);
  const list = useStore(table.list);
  const stale = useStore(state => table.stale?.(state) ?? false);
  const message = useStore(table.message);
  const caption = useStore(state => table.caption?.(state));
  const context = useStore(table.context ?? noContext) as Ctx;
  // Joined to a string so the selector stays a primitive.
  const down = useStore(state => downEngines(state).join('\u0000'));
  const away = (row: Row) => {
    const engine = engineOf(row);
    return down !== '' && engine !== undefined && down.split('\u0000').includes(engine);
  };
  const widths = table.widths(columns, measured, width);
  const onScreen = Math.max(1, height - 1 - (message ? 1 : 0));
  const page = rows.slice(list.scrollTop, list.scrollTop + onScreen);
  // A status that ages ("up 3s") is as of this render: every list update renders the rows on screen again.
  // eslint-disable-next-line react-hooks/purity -- the clock is read for this render, on purpose (see above)
  const now = Date.now();
  // Every row is a Text cut to the list's width (truncate-end), so only the height is clipped: a horizontal clip
  // made Ink slice every changed row again (ANSI-aware).
  return (
    <Box flexDirection="column" width={width} height={height} overflowY="hidden">
      {caption === undefined ? (
        <ListHeading columns={columns} widths={widths} />
      ) : (
        <Text bold {...theme.columnHeader} wrap="truncate-end">
          {' ' + sanitizeLine(caption)}
        </Text>
      )}
      <ListMessageLine message={message} />
      {page.map((row, i) => {
        const key = table.key(row);
        const isAway = away(row);
        const lead = table.lead?.(row, isAway);
        return (
          <Row
            key={key}
            text={table.text(columns, widths, row, context, now)}
            selected={list.scrollTop + i === list.cursor}
            marked={list.marked.includes(key)}
            tone={stale || isAway ? 'dim' : table.tone?.(row)}
            lead={lead?.glyph}
            leadRole={stale || isAway ? undefined : lead?.role}
          />
        );
      })}
    </Box>
  );
}

// A kit list's body (engine-list.ts): its table.
export function ListBody<Row extends object>({
  kit,
  width,
  height,
}: {
  kit: EngineListKit<Row>;
  width: number;
  height: number;
}) {
  return <ListTable table={kit.table} width={width} height={height} />;
}
