import {Text} from 'ink';
import {sanitizeLine} from '../text/sanitize.js';

// A line being edited, with its cursor drawn as an inverse cell (prompts and the exec form's text fields).
export function EditedText({text, cursor}: {text: string; cursor?: number}) {
  const shown = sanitizeLine(text);
  const at = Math.min(cursor ?? shown.length, shown.length);
  return (
    <Text wrap="truncate-start">
      {shown.slice(0, at)}
      <Text inverse>{shown[at] ?? ' '}</Text>
      {shown.slice(at + 1)}
    </Text>
  );
}
