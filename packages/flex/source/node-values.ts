// What the Node API's setters share: a style value as yoga keeps it, the comparison that makes setting a value
// to what it already is no change, and the Error that refuses what berth's engine does not lay out.
import {AUTO, UNDEFINED, Unit, type Value} from './model.js';

export function toValue(value: number | string | undefined, percent = false): Value {
  if (value === undefined) return UNDEFINED;
  if (value === 'auto') return AUTO;
  // yoga keeps style values as 32-bit floats.
  if (typeof value === 'string') {
    const parsed = Number.parseFloat(value);
    if (Number.isNaN(parsed))
      throw new Error(`berth's layout engine: invalid value ${value} (a number, "N%" or "auto")`);
    return {unit: value.endsWith('%') ? Unit.Percent : Unit.Point, value: Math.fround(parsed)};
  }
  if (Number.isNaN(value)) return UNDEFINED;
  return {unit: percent ? Unit.Percent : Unit.Point, value: Math.fround(value)};
}

export function unsupported(what: string): never {
  throw new Error(`berth's layout engine (packages/flex) does not support ${what}`);
}

// Ink 7 passes a style's value even when it is undefined (the property reset): nothing to refuse then.
export const isUnset = (value: number | string | undefined): boolean =>
  value === undefined || (typeof value === 'number' && Number.isNaN(value));

export const sameValue = (a: Value, b: Value): boolean =>
  a.unit === b.unit && (a.value === b.value || (Number.isNaN(a.value) && Number.isNaN(b.value)));
export const sameNumber = (a: number, b: number): boolean => a === b || (Number.isNaN(a) && Number.isNaN(b));
