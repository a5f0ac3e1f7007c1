import {Box, Text} from 'ink';
import {useController, useStore} from '../hooks/use-controller.js';
import {resolveKey} from '../keymap.js';
import {activeScopes} from '../scopes.js';
import {cellWidth, sanitizeLine} from '../../text/sanitize.js';
import {useTheme} from '../../views/use-theme.js';

export function Tabs({width}: {width: number}) {
  const {views} = useController();
  const view = useStore(state => state.view);
  const theme = useTheme();
  const tabs = useStore(state =>
    views
      .available(state)
      .map(v => `${v.id}\u0000${v.key}\u0000${v.title}`)
      .join('\u0001'),
  );
  const filter = useStore(state => views.active(state)?.list?.(state)?.list.filter ?? '');
  const marked = useStore(state => views.active(state)?.list?.(state)?.list.marked.length ?? 0);
  // A focused pane's notes come first: the log pane says what the digits do there.
  const notes = useStore(state =>
    [
      ...views.panes.flatMap(pane => (pane.scopes?.(state) ? (pane.tabNotes?.(state) ?? []) : [])),
      ...(views.active(state)?.tabNotes?.(state) ?? []),
    ].join('  '),
  );
  const readonly = useStore(state => state.readonly);
  // A tab shows its key only where that key switches to it (not while the log pane spends the digits).
  const {keymap} = useController();
  const live = useStore(state => {
    const scopes = activeScopes(views, state);
    return views
      .available(state)
      .filter(v => v.key && resolveKey(keymap, scopes, v.key) === `view.${v.id}`)
      .map(v => v.id)
      .join(',');
  }).split(',');
  const keyOf = (id: string, key: string) => (live.includes(id) ? key : '');
  const all = tabs
    .split('\u0001')
    .filter(Boolean)
    .map(tab => tab.split('\u0000'));
  const right = `${readonly ? 'read-only  ' : ''}${notes ? `${notes}  ` : ''}${marked ? `${marked} marked  ` : ''}${filter ? `filter: ${sanitizeLine(filter)} ` : ''}`;
  // Eight views and the filter do not fit 80 columns with every title: then the tabs not shown get a short title,
  // or only their key; the shown one keeps its title.
  const label = (level: number, id: string, title: string) =>
    id === view || level === 0 ? title : level === 1 ? title.slice(0, 4) : '';
  const text = (level: number, id: string, key: string, title: string) =>
    ` ${[keyOf(id, key), label(level, id, title)].filter(Boolean).join(' ') || title.slice(0, 4)} `;
  const widthAt = (level: number) =>
    all.reduce((sum, [id, key, title]) => sum + cellWidth(text(level, id, key, title)), 0);
  const level = [0, 1, 2].find(l => widthAt(l) + cellWidth(right) <= width) ?? 2;
  return (
    <Box width={width} height={1} justifyContent="space-between" overflow="hidden">
      <Box flexShrink={0}>
        {all.map(([id, key, title]) => (
          <Text key={id} {...(id === view ? theme.tabActive : theme.tab)} bold={id === view}>
            {text(level, id, key, title)}
          </Text>
        ))}
      </Box>
      <Text wrap="truncate-start">{right}</Text>
    </Box>
  );
}
