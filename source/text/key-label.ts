// How a key is written for people (footer, help, hints): arrows as arrows, the page keys short.
const KEY_LABELS: Record<string, string> = {
  up: '↑',
  down: '↓',
  left: '←',
  right: '→',
  enter: 'enter',
  escape: 'esc',
  pageup: 'pgup',
  pagedown: 'pgdn',
};
export const keyLabel = (key: string) => KEY_LABELS[key] ?? key;
