import {Box, Text} from 'ink';
import {useController, useStore} from '../hooks/use-controller.js';
import {sanitizeLine} from '../../text/sanitize.js';

export function Tabs({width}: {width: number}) {
  const {views} = useController();
  const view = useStore(state => state.view);
  const tabs = useStore(state => views.available(state).map(v => `${v.id}\u0000${v.key}\u0000${v.title}`).join('\u0001'));
  const filter = useStore(state => views.active(state)?.list?.(state)?.list.filter ?? '');
  const marked = useStore(state => views.active(state)?.list?.(state)?.list.marked.length ?? 0);
  const notes = useStore(state => views.active(state)?.tabNotes?.(state).join('  ') ?? '');
  const readonly = useStore(state => state.readonly);
  const all = tabs.split('\u0001').filter(Boolean).map(tab => tab.split('\u0000'));
  // Eight views do not fit 80 columns with their titles: then the tabs not shown carry a short one.
  const full = all.reduce((sum, [, key, title]) => sum + key.length + title.length + 3, 0);
  const short = full > width;
  return (
    <Box width={width} height={1} justifyContent="space-between" overflow="hidden">
      <Box>
        {all.map(([id, key, title]) => {
          return (
            <Text key={id} inverse={id === view} bold={id === view}>
              {` ${key} ${short && id !== view ? title.slice(0, 4) : title} `}
            </Text>
          );
        })}
      </Box>
      <Text wrap="truncate-start">
        {readonly ? 'read-only  ' : ''}
        {notes ? `${notes}  ` : ''}
        {marked ? `${marked} marked  ` : ''}
        {filter ? `filter: ${sanitizeLine(filter)} ` : ''}
      </Text>
    </Box>
  );
}
