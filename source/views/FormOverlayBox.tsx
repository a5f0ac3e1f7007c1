import {Box, Text} from 'ink';
import {sanitizeLine} from '../text/sanitize.js';
import {EditedText} from './EditedText.js';
import type {FormOverlay} from './form.js';

// Draws any form overlay: one row per field, the focused text field with the cursor, switches as [x]/[ ].
export function FormOverlayBox({
  overlay,
  width,
  height,
  submitLabel,
}: {
  overlay: FormOverlay;
  width: number;
  height: number;
  submitLabel: string;
}) {
  const {form} = overlay;
  const labelWidth = Math.max(...form.fields.map(f => f.label.length)) + 2;
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden" borderStyle="round" paddingX={1}>
      <Text bold wrap="truncate-end">
        {sanitizeLine(form.title)}
      </Text>
      {form.fields.map((field, index) => {
        const label = field.label.padEnd(labelWidth);
        const focused = form.focus === index;
        if (field.on !== undefined) {
          const note = field.on ? field.whenOn : field.whenOff;
          return (
            <Text key={field.label} wrap="truncate-end">
              {label}
              <Text inverse={focused}>{field.on ? '[x]' : '[ ]'}</Text>
              {note ? <Text dimColor>{`  ${note}`}</Text> : ''}
            </Text>
          );
        }
        return (
          <Text key={field.label} wrap="truncate-end">
            {label}
            {focused ? (
              <EditedText text={overlay.draft} cursor={overlay.cursor} />
            ) : field.text ? (
              <Text>{sanitizeLine(field.text)}</Text>
            ) : (
              <Text dimColor>{field.blank ?? ''}</Text>
            )}
          </Text>
        );
      })}
      <Text
        dimColor
        wrap="truncate-end"
      >{`tab/↓ next field · space switches · enter ${submitLabel} · esc cancels`}</Text>
    </Box>
  );
}
