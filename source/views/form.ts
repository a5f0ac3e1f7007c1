// A small form in an overlay (E's exec form, c's create form): text fields edited through the overlay's draft
// while focused, switches flipped with space. tab/↓ and shift-tab/↑ move; the focused text lives in `draft`
// so the one line editor (and its key-burst handling) edits it like any prompt.
import type {NoFields} from '../store/state.js';

export type FormField = {
  label: string;
  // A text field has `text`, a switch has `on`.
  text?: string;
  on?: boolean;
  // Dim notes: after an empty, unfocused text field; after a switch, by its position.
  blank?: string;
  whenOn?: string;
  whenOff?: string;
};

// `error`: why the last enter was refused, shown under the fields (the status line is hidden while a form is open).
export type Form = {title: string; fields: readonly FormField[]; focus: number; error?: string};

// An overlay holding a form: its draft is the focused text field being edited.
export type FormOverlay = {form: Form; draft: string; cursor?: number};

export function isSwitchFocused(form: Form): boolean {
  return form.fields[form.focus]?.on !== undefined;
}

// The form with the draft written back into the focused text field.
export function withDraft(form: Form, draft: string): Form {
  const field = form.fields[form.focus];
  if (field?.text === undefined) return form;
  return {...form, fields: form.fields.map((f, i) => (i === form.focus ? {...f, text: draft} : f))};
}

export function moveFocus(overlay: FormOverlay, step: 1 | -1): FormOverlay {
  const form = withDraft(overlay.form, overlay.draft);
  const focus = (form.focus + step + form.fields.length) % form.fields.length;
  const draft = form.fields[focus]?.text ?? '';
  return {form: {...form, focus}, draft, cursor: draft.length};
}

export function toggleFocused(overlay: FormOverlay): FormOverlay {
  const {form} = overlay;
  const field = form.fields[form.focus];
  if (field?.on === undefined) return overlay;
  return {...overlay, form: {...form, fields: form.fields.map((f, i) => (i === form.focus ? {...f, on: !f.on} : f))}};
}

export function formOverlay(form: Form): FormOverlay {
  const draft = form.fields[form.focus]?.text ?? '';
  return {form, draft, cursor: draft.length};
}

export function textOf(form: Form, label: string): string {
  return form.fields.find(f => f.label === label)?.text ?? '';
}

export function switchOf(form: Form, label: string): boolean {
  return form.fields.find(f => f.label === label)?.on ?? false;
}

declare module '../store/actions.js' {
  interface ActionMap {
    'form.next': NoFields;
    'form.previous': NoFields;
    'form.toggle': NoFields;
  }
}
