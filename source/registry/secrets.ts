// Every credential or token the client handles is registered here, and every error leaving the
// client is scrubbed through it: a last line of defence so a secret echoed by a server, a helper
// or a URL can never reach the screen, a log or a trace.
export class SecretScrubber {
  private readonly secrets = new Set<string>();

  add(secret: string | undefined): void {
    // Very short strings would blank out ordinary words; real secrets are longer.
    if (secret && secret.length >= 4) this.secrets.add(secret);
  }

  scrub(text: string): string {
    let result = text;
    for (const secret of this.secrets) {
      if (result.includes(secret)) result = result.split(secret).join('***');
    }
    return result;
  }

  private scrubJson(value: unknown): unknown {
    if (value === undefined) return undefined;
    try {
      return JSON.parse(this.scrub(JSON.stringify(value)));
    } catch {
      // A replacement that broke the JSON escaping: better no detail than a leak.
      return undefined;
    }
  }

  // Scrubs the message, the stack, the registry's own error entries and the cause chain.
  scrubError<T>(error: T): T {
    let current: unknown = error;
    for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
      const clean = this.scrub(current.message);
      if (clean !== current.message) current.message = clean;
      if (current.stack) current.stack = this.scrub(current.stack);
      const entries = (current as {registryErrors?: unknown}).registryErrors;
      if (Array.isArray(entries) && entries.length) {
        const cleaned = entries.map((entry: {code: string; message: string; detail?: unknown}) => ({
          code: entry.code,
          message: this.scrub(entry.message),
          detail: this.scrubJson(entry.detail),
        }));
        Object.defineProperty(current, 'registryErrors', {value: cleaned, enumerable: true});
      }
      current = (current as {cause?: unknown}).cause;
    }
    return error;
  }
}
