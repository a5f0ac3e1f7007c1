// Numbers as yoga computes them: NaN for "undefined", comparisons within 0.0001, rounding to whole cells, and
// 32-bit floats where it matters — the sums and quotients of flexing, where a factor taken back out of a total
// must cancel as it does in yoga (whole-cell sizes are exact either way); and its sizing modes: StretchFit (yoga's "exactly"), FitContent ("at most"), MaxContent ("undefined").
export const enum Mode {
  MaxContent = 0,
  StretchFit = 1,
  FitContent = 2,
}

export const isDefined = (value: number): boolean => !Number.isNaN(value);

// yoga computes in 32-bit floats; sums that cancel out (a shrink factor taken back) must cancel here too.
export const f = Math.fround;
export const ONE_PERCENT = f(0.01);
export const FLT_MAX = 3.4028234663852886e38;

export function maxOrDefined(a: number, b: number): number {
  if (isDefined(a) && isDefined(b)) return Math.max(a, b);
  return Number.isNaN(a) ? b : a;
}

export function minOrDefined(a: number, b: number): number {
  if (isDefined(a) && isDefined(b)) return Math.min(a, b);
  return Number.isNaN(a) ? b : a;
}

export function inexactEquals(a: number, b: number): boolean {
  if (isDefined(a) && isDefined(b)) return Math.abs(a - b) < 0.0001;
  return Number.isNaN(a) && Number.isNaN(b);
}

export function roundValueToPixelGrid(value: number, forceCeil: boolean, forceFloor: boolean): number {
  let scaled = value;
  let fractional = scaled % 1;
  if (fractional < 0) fractional += 1;
  if (inexactEquals(fractional, 0)) scaled -= fractional;
  else if (inexactEquals(fractional, 1)) scaled = scaled - fractional + 1;
  else if (forceCeil) scaled = scaled - fractional + 1;
  else if (forceFloor) scaled -= fractional;
  else
    scaled =
      scaled - fractional + (!Number.isNaN(fractional) && (fractional > 0.5 || inexactEquals(fractional, 0.5)) ? 1 : 0);
  return f(scaled);
}
