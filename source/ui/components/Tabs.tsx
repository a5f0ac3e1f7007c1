import {Box, Text} from 'ink';
import {focusedList} from '../../store/focused-list.js';
import {VIEWS} from '../../store/state.js';
import {useStore} from '../hooks/use-store.js';
import {sanitizeLine} from '../../text/sanitize.js';

export function Tabs({width}: {width: number}) {
  const view = useStore(state => state.view);
  const filter = useStore(state => focusedList(state)?.list.filter ?? '');
  const marked = useStore(state => focusedList(state)?.list.marked.length ?? 0);
  const runningOnly = useStore(state => state.containers.runningOnly);
  const readonly = useStore(state => state.readonly);
  return (
    <Box width={width} height={1} justifyContent="space-between" overflow="hidden">
      <Box>
        {VIEWS.filter(v => v.available).map(v => (
          <Text key={v.id} inverse={v.id === view} bold={v.id === view}>
            {` ${v.key} ${v.title} `}
          </Text>
        ))}
      </Box>
      <Text wrap="truncate-start">
        {readonly ? 'read-only  ' : ''}
        {runningOnly ? 'running only  ' : ''}
        {marked ? `${marked} marked  ` : ''}
        {filter ? `filter: ${sanitizeLine(filter)} ` : ''}
      </Text>
    </Box>
  );
}
