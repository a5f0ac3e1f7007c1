import fc from 'fast-check';

// Property runs are seeded: a failure prints its seed and path, and `npm test` runs the same cases every time.
// BERTH_PROPERTY_SEED replays another seed; BERTH_PROPERTY_RUNS scales the case count (e.g. 10× on a quiet
// machine to look harder).
export const PROPERTY_SEED = Number(process.env.BERTH_PROPERTY_SEED ?? 0x5eed_be27);
const SCALE = Number(process.env.BERTH_PROPERTY_RUNS ?? 1);

export function params(numRuns: number): fc.Parameters<unknown> {
  return {seed: PROPERTY_SEED, numRuns: Math.max(1, Math.round(numRuns * SCALE))};
}

// Engine-side classes that mean a bug, never an explanation: a property test failing with one of these found
// an uncaught exception.
const BUG_CLASSES = [TypeError, RangeError, ReferenceError, SyntaxError, EvalError, URIError];

// The thrown value is an explained error: an Error berth made on purpose (not a TypeError and the like), one
// line, and saying what it is about (`about`).
export function assertExplained(error: unknown, about: RegExp): void {
  if (!(error instanceof Error)) throw new Error(`threw a non-Error: ${String(error)}`);
  if (BUG_CLASSES.some(type => error instanceof type)) throw new Error(`uncaught ${error.name}: ${error.message}`);
  if (!about.test(error.message)) throw new Error(`unexplained error (expected ${about}): ${error.message}`);
  if (error.message.includes('\n'))
    throw new Error(`error message is more than one line: ${JSON.stringify(error.message)}`);
}

// Either `run` returns (and `valid` holds for the result) or it throws an explained error.
export function validOrExplained<T>(run: () => T, valid: (result: T) => boolean | void, about: RegExp): void {
  let result: T;
  try {
    result = run();
  } catch (error) {
    assertExplained(error, about);
    return;
  }
  if (valid(result) === false) throw new Error(`invalid result: ${JSON.stringify(result)}`);
}

export async function validOrExplainedAsync<T>(
  run: () => Promise<T>,
  valid: (result: T) => boolean | void,
  about: RegExp,
): Promise<void> {
  let result: T;
  try {
    result = await run();
  } catch (error) {
    assertExplained(error, about);
    return;
  }
  if (valid(result) === false) throw new Error(`invalid result: ${JSON.stringify(result)}`);
}

// Splits a buffer at random points (the way TCP hands a stream over).
export const chunked = (bytes: Buffer) =>
  fc.array(fc.integer({min: 0, max: Math.max(0, bytes.length)}), {maxLength: 12}).map(cuts => {
    const points = [...new Set(cuts)].sort((a, b) => a - b);
    const chunks: Buffer[] = [];
    let from = 0;
    for (const point of points) {
      chunks.push(bytes.subarray(from, point));
      from = point;
    }
    chunks.push(bytes.subarray(from));
    return chunks;
  });
