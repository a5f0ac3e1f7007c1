// Splits like a shell would for simple cases: whitespace, with '…' and "…" quoting.
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  const re = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (let match = re.exec(line); match; match = re.exec(line)) words.push(match[1] ?? match[2] ?? match[3]);
  return words;
}
