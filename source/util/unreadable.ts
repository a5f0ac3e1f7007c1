// Why a file berth was pointed at could not be read, and the fix, as one line: a directory is no permission problem.
export function unreadable(file: string, error: unknown, flag: string): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EISDIR') return `${file}: a directory, not a file; pass ${flag} FILE`;
  if (code === 'EACCES' || code === 'EPERM')
    return `${file}: cannot read it (${code}); run as root (sudo) or pass ${flag} FILE`;
  return `${file}: cannot read it (${code ?? (error as Error | undefined)?.message ?? String(error)}); pass ${flag} FILE`;
}
