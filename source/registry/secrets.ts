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

  scrubError<T>(error: T): T {
    if (error instanceof Error) {
      const clean = this.scrub(error.message);
      if (clean !== error.message) error.message = clean;
      if (error.stack) error.stack = this.scrub(error.stack);
    }
    return error;
  }
}
