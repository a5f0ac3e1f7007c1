import {Box, Text} from 'ink';
import {useController, useStore} from '../hooks/use-controller.js';
import {tabLine} from '../tab-line.js';
import {useTheme} from '../../views/use-theme.js';

// Encoded as one string, so the component draws again only when the line changes.
const SEP = '\u0001';
const FIELD = '\u0000';

export function Tabs({width}: {width: number}) {
  const {views, keymap} = useController();
  const theme = useTheme();
  const encoded = useStore(state => {
    const {tabs, right} = tabLine(views, keymap, state, width);
    return [right, ...tabs.map(tab => `${tab.id}${FIELD}${tab.selected ? '1' : ''}${FIELD}${tab.text}`)].join(SEP);
  });
  const [right, ...cells] = encoded.split(SEP);
  const tabs = cells.map(cell => cell.split(FIELD));
  return (
    <Box width={width} height={1} justifyContent="space-between" overflow="hidden">
      <Box flexShrink={0}>
        {tabs.map(([id, selected, text]) => (
          <Text key={id} {...(selected ? theme.tabActive : theme.tab)} bold={Boolean(selected)}>
            {text}
          </Text>
        ))}
      </Box>
      <Text wrap="truncate-end">{right}</Text>
    </Box>
  );
}
