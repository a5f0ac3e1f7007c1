// What dockerd 20.10+ accepts for the json-file driver's options (daemon/logger/jsonfilelog/jsonfilelog.go and
// go-units' size parser). dockerd checks only the option *names* when it starts; a bad value passes start-up and
// then fails every container start ("failed to initialize logging driver"), so berth checks the values itself.

export const JSON_FILE_OPTS = [
  'max-size',
  'max-file',
  'compress',
  'labels',
  'labels-regex',
  'env',
  'env-regex',
  'tag',
] as const;

// go-units: digits with an optional fraction, an optional space, then k/m/g/t/p with optional "i" and "b".
const SIZE = /^(\d+(\.\d+)*) ?([kKmMgGtTpP])?[iI]?[bB]?$/;
const SCALE: Record<string, number> = {k: 1e3, m: 1e6, g: 1e9, t: 1e12, p: 1e15};

// Bytes as dockerd reads max-size (decimal multipliers), or undefined when dockerd would refuse the text.
export function parseLogSize(text: string): number | undefined {
  const [, digits, , unit] = SIZE.exec(text) ?? [];
  if (digits === undefined) return undefined;
  const value = Number.parseFloat(digits);
  // The pattern admits only the units SCALE has.
  const scale = unit ? SCALE[unit.toLowerCase()] : 1;
  if (!Number.isFinite(value) || scale === undefined) return undefined;
  return value * scale;
}

// strconv.ParseBool
const BOOLS: Record<string, boolean> = {
  '1': true,
  t: true,
  T: true,
  TRUE: true,
  true: true,
  True: true,
  '0': false,
  f: false,
  F: false,
  FALSE: false,
  false: false,
  False: false,
};

// strconv.Atoi (an optional sign, decimal digits, within int64).
function atoi(text: string): number | undefined {
  if (!/^[+-]?\d+$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

// One message per problem, in dockerd's words where it has them, each with the fix.
export function jsonFileOptProblems(opts: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const [key, value] of Object.entries(opts)) {
    if (!(JSON_FILE_OPTS as readonly string[]).includes(key)) {
      problems.push(
        `unknown log opt '${key}' for json-file log driver (dockerd refuses to start); known: ${JSON_FILE_OPTS.join(', ')}`,
      );
    } else if (typeof value !== 'string') {
      problems.push(
        `log opt '${key}' is ${JSON.stringify(value)}, not a string (dockerd refuses to start); write it as "${String(value)}"`,
      );
    }
  }
  const text = (key: string) => (typeof opts[key] === 'string' ? opts[key] : undefined);
  let maxSize: number | undefined;
  const size = text('max-size');
  if (size !== undefined) {
    maxSize = parseLogSize(size);
    if (maxSize === undefined)
      problems.push(`max-size '${size}': invalid size; use a number with an optional unit, e.g. 10m, 500k, 1g`);
    else if (maxSize <= 0) problems.push(`max-size '${size}': max-size must be a positive number, e.g. 10m`);
  }
  let maxFile = 1;
  const files = text('max-file');
  if (files !== undefined) {
    const parsed = atoi(files);
    if (parsed === undefined) problems.push(`max-file '${files}': not an integer; use a whole number of files, e.g. 3`);
    else if (parsed < 1) problems.push(`max-file '${files}': max-file cannot be less than 1; use e.g. 3`);
    else maxFile = parsed;
  }
  const compress = text('compress');
  if (compress !== undefined) {
    const parsed = BOOLS[compress];
    if (parsed === undefined) problems.push(`compress '${compress}': not a boolean; use "true" or "false"`);
    else if (parsed && (maxFile < 2 || size === undefined)) {
      problems.push(
        'compress cannot be true when max-file is less than 2 or max-size is not set; give --max-file 2 or more (rotated files are what gets compressed)',
      );
    }
  }
  return problems;
}
