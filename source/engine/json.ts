// The engine's JSON, looked into one checked step at a time: a missing or wrong-shaped part reads as
// undefined (or {}), never as a crash or as a value of the wrong type.
export type Json = Record<string, unknown>;

export const json = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});

export const at = (value: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((current, key) => json(current)[key], value);
