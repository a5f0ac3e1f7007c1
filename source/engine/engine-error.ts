type EngineError = {json?: unknown; message?: unknown};

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
