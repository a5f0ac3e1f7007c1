import {Box, Text} from 'ink';
import {memo} from 'react';
import {useStore} from '../use-store.js';
import type {Column} from './columns.js';
import {joinCells} from './columns.js';
import type {EngineListKit} from './types.js';
import {GLYPH} from './glyphs.js';
import {listMessage, MESSAGE_ROLE, type ListMessage, type Noun} from './messages.js';
import {styles} from '../../theme/index.js';
import {useTheme} from '../use-theme.js';
import {downEngines} from '../../store/engine-connections.js';
import {engineOf} from './across-engines.js';

// Stable between renders (memo): a row the cursor did not touch is not drawn again.
const Row = memo(function Row({
  text,
  selected,
  marked,
  dim,
}: {
  text: string;
  selected: boolean;
  marked: boolean;
  dim: boolean;
}) {
  const theme = useTheme();
  return (
    <Text {...styles(selected && theme.selection, dim && theme.muted)} wrap="truncate-end">
      {selected ? GLYPH.cursor : GLYPH.blank}
      {marked ? <Text {...theme.marked}>{GLYPH.mark}</Text> : GLYPH.blank} {text}
    </Text>
  );
});

export function ListHeading<Row>({columns, widths}: {columns: readonly Column<Row>[]; widths: readonly number[]}) {
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

// A whole list view's body: heading, the message when there is one, and only the rows on screen.
export function ListBody<Row extends object>({
  kit,
  width,
  height,
}: {
  kit: EngineListKit<Row>;
  width: number;
  height: number;
}) {
  const all = useStore(kit.rows);
  const rows = useStore(kit.visible);
  const list = useStore(state => kit.spec.slice(state).list);
  const stale = useStore(state => kit.spec.slice(state).stale);
  const message = useStore(kit.message);
  const rowsOnScreen = useStore(state => kit.listRows(state, {width, height}));
  // Joined to a string so the selector stays a primitive: rows of an engine that is away are drawn dim.
  const down = useStore(state => downEngines(state).join('\u0000'));
  const away = (row: Row) => {
    const engine = engineOf(row);
    return engine !== undefined && down.split('\u0000').includes(engine);
  };
  const widths = kit.widths(all, width);
  const columns = kit.columns(all);
  const {key} = kit;
  const {dim} = kit.spec;
  const page = rows.slice(list.scrollTop, list.scrollTop + rowsOnScreen);
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <ListHeading columns={columns} widths={widths} />
      <ListMessageLine message={message} />
      {page.map((row, i) => (
        <Row
          key={key(row)}
          text={joinCells(columns, widths, kit.cells(row))}
          selected={list.scrollTop + i === list.cursor}
          marked={list.marked.includes(key(row))}
          dim={stale || (dim?.(row) ?? false) || (down !== '' && away(row))}
        />
      ))}
    </Box>
  );
}

// The message line of a list that is not (yet) on the kit's ListBody: the same wording from the same facts.
export function ListStatus({
  noun,
  loaded,
  error,
  total,
  shown,
  fromEngine = true,
  empty,
}: {
  noun: Noun;
  loaded: boolean;
  error?: string;
  total: number;
  shown: number;
  // Whether the list comes from the engine (an engine away is then what it says); the registry's does not.
  fromEngine?: boolean;
  // What an empty list says instead of "no X here", when there is more to say (how to get some).
  empty?: string;
}) {
  const engine = useStore(state => state.connection.status);
  const message = listMessage(noun, {engine: fromEngine ? engine : undefined, loaded, error, total, shown});
  return (
    <ListMessageLine
      message={
        message && empty && !total && message.text === `no ${noun.many} here` ? {...message, text: empty} : message
      }
    />
  );
}
