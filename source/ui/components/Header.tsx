import {Box, Text} from 'ink';
import {useController, useStore} from '../hooks/use-controller.js';
import {cellWidth, sanitizeLine} from '../../text/sanitize.js';
import {useTheme} from '../../views/use-theme.js';

// One line: where berth is connected and what it found there.
export function Header({width}: {width: number}) {
  const connection = useStore(state => state.connection);
  const {views} = useController();
  // Views add to the header (the registry's URL); joined to a string so the selector stays a primitive.
  const extra = useStore(state => views.all.flatMap(module => module.headerParts?.(state) ?? []).join('\u0000'));
  // By priority (which engine, which context, what it runs, the registry, the platform): parts that do not fit
  // whole are left out rather than cut, except the first.
  const parts: string[] = [`engine ${connection.target}`];
  if ('tls' in connection && connection.tls) parts[0] += ` ${connection.tls}`;
  if ('context' in connection && connection.context && connection.context !== 'default')
    parts.push(`context ${connection.context}`);
  if ('engine' in connection && connection.engine) parts.push(`${connection.engine} API ${connection.api}`);
  if (extra) parts.push(...extra.split('\u0000'));
  if ('os' in connection && connection.os) parts.push(connection.os);
  const theme = useTheme();
  const unencrypted = 'unencrypted' in connection && connection.unencrypted;
  const room = width - (unencrypted ? 13 : 0);
  let text = sanitizeLine(` berth ─ ${parts[0]}`);
  for (const part of parts.slice(1)) {
    const next = `${text} · ${sanitizeLine(part)}`;
    if (cellWidth(next) <= room) text = next;
  }
  return (
    <Box width={width} height={1} overflow="hidden">
      <Text bold {...theme.header} wrap="truncate-end">
        {text}
      </Text>
      {unencrypted ? (
        <Text {...theme.alert} bold>
          {' UNENCRYPTED '}
        </Text>
      ) : null}
    </Box>
  );
}
