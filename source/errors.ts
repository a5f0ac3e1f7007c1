// Errors that reach the user name the thing, the reason and the fix; `exitCode` separates usage errors (2) from
// failures (1) for the headless commands.
export class BerthError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
    this.name = 'BerthError';
  }
}

export class UsageError extends BerthError {
  constructor(message: string) {
    super(message, 2);
    this.name = 'UsageError';
  }
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
