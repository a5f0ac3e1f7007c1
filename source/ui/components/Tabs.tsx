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
  return (
    <Box width={width} height={1} justifyContent="space-between" overflow="hidden">
      <Box>
        {tabs.split('\u0001').filter(Boolean).map(tab => {
          const [id, key, title] = tab.split('\u0000');
          return (
            <Text key={id} inverse={id === view} bold={id === view}>
              {` ${key} ${title} `}
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
