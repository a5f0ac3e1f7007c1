type EngineError = {json?: unknown; message?: unknown};

// Callbacks type their error as unknown; what a promise rejects with must be an Error. Errors pass as they are.
export function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}

// The engine's own words from a failed dockerode call: the message of the JSON error body (or a plain-text body),
// else the error's message without docker-modem's "(HTTP code 409) unexpected - " prefix.
export function engineMessage(error: unknown): string {
  const e = error as EngineError | null | undefined;
  const json = e?.json;
  if (json && typeof json === 'object') {
    const message = (json as {message?: unknown}).message;
    if (typeof message === 'string' && message.trim()) return message.trim();
  }
  if (typeof json === 'string' && json.trim()) return json.trim();
  const message = typeof e?.message === 'string' ? e.message : String(error);
  return message.replace(/^\(HTTP code \d+\) [a-z ]+ - /, '');
}
