import {Text} from 'ink';
import {sanitizeLine} from '../text/sanitize.js';
import {EditedText} from './EditedText.js';
import type {FormOverlay} from './form.js';
import {OverlayBox} from './OverlayBox.js';
import {useTheme} from './use-theme.js';

// Rows a form takes in its frame: the title, then one per field.
export const formHeight = (overlay: {form: {fields: readonly unknown[]; error?: string}}) =>
  1 + overlay.form.fields.length + (overlay.form.error ? 1 : 0);

// Draws any form overlay: one row per field, the focused text field with the cursor, switches as [x]/[ ]. Its
// keys (tab next field, space switch, enter, esc) are in the footer, as for every overlay.
export function FormOverlayBox({overlay, width, height}: {overlay: FormOverlay; width: number; height: number}) {
  const {form} = overlay;
  const theme = useTheme();
  const labelWidth = Math.max(...form.fields.map(f => f.label.length)) + 2;
  return (
    <OverlayBox width={width} height={height} title={sanitizeLine(form.title)}>
      {form.fields.map((field, index) => {
        const label = field.label.padEnd(labelWidth);
        const focused = form.focus === index;
        if (field.on !== undefined) {
          const note = field.on ? field.whenOn : field.whenOff;
          return (
            <Text key={field.label} wrap="truncate-end">
              {label}
              <Text {...(focused ? theme.selection : undefined)}>{field.on ? '[x]' : '[ ]'}</Text>
              {note ? <Text {...theme.muted}>{`  ${note}`}</Text> : ''}
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
              <Text {...theme.muted}>{field.blank ?? ''}</Text>
            )}
          </Text>
        );
      })}
      {form.error ? (
        <Text {...theme.statusError} wrap="truncate-end">
          {sanitizeLine(form.error)}
        </Text>
      ) : null}
    </OverlayBox>
  );
}
