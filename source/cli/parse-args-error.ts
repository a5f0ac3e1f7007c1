// Node's parseArgs errors as berth's one line. A value that starts with "-" (`--since -5`) is read as another flag:
// Node says so over three lines with a placeholder ('--since=-XYZ'); berth names the value and the spelling that works.
export function parseArgsMessage(error: unknown, argv: readonly string[]): string {
  const message = error instanceof Error ? error.message : String(error);
  const ambiguous = /^Option '(-[^']+)' argument is ambiguous[\s\S]*use '(--[^=']+)=-XYZ'/.exec(message);
  if (ambiguous) {
    const [, given, long] = ambiguous;
    const value = argv[argv.indexOf(given!) + 1] ?? '';
    return `${given} ${value}: a value that starts with "-" is read as another flag; write ${long}=${value}`;
  }
  return message.replace(/\. To specify a positional argument.*$/s, '').split('\n')[0]!;
}
