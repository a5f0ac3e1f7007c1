// How a role is drawn: Ink's <Text> props, spread as they are (`<Text {...theme.marked}>`). `color` and
// `backgroundColor` take what Ink takes: a chalk name, #rrggbb or ansi256(N).
export type Style = {
  readonly color?: string;
  readonly backgroundColor?: string;
  readonly bold?: boolean;
  readonly dimColor?: boolean;
  readonly inverse?: boolean;
};

// Several styles in one (later ones win), for a row that is both selected and stale; `false` and undefined skip.
export function styles(...parts: (Style | false | undefined)[]): Style {
  const defined = parts.filter((part): part is Style => Boolean(part));
  const [only, ...more] = defined;
  return only && more.length === 0 ? only : (Object.assign({}, ...defined) as Style);
}
