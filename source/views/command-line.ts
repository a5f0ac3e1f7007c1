// Splits like a shell would for simple cases: words end at unquoted whitespace; '…' and "…" quote inside a word
// too (A="x y" is one word, A=x y); a backslash outside single quotes takes the next character as it is.
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < line.length; i++) {
    const char = line.charAt(i);
    if (quote) {
      if (char === quote) quote = undefined;
      else if (char === '\\' && quote === '"' && (line[i + 1] === '"' || line[i + 1] === '\\'))
        word += line.charAt(++i);
      else word += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      inWord = true;
    } else if (char === '\\' && i + 1 < line.length) {
      word += line.charAt(++i);
      inWord = true;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += char;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

// The one word of a `:` command that takes exactly one (its usage says which), else `error`.
export function oneArg(args: readonly string[], error: string): string {
  const [only] = args;
  if (args.length !== 1 || only === undefined) throw new Error(error);
  return only;
}

// The two words of a `:` command that takes exactly two, else `error`.
export function twoArgs(args: readonly string[], error: string): [string, string] {
  const [first, second] = args;
  if (args.length !== 2 || first === undefined || second === undefined) throw new Error(error);
  return [first, second];
}

// A word where a `:` command expects names or a path but finds an option (docker's rmi -f, save -o, load -i): refused
// before anything is sent, since the engine would take it for a name. `what` is what was expected there ("an
// image"), `fix` what to give instead. A lone "-" is left to the command (it names standard input or output).
export function refuseOptions(args: readonly string[], what: string, fix: string): void {
  const option = args.find(arg => arg.startsWith('-') && arg !== '-');
  if (option !== undefined) throw new Error(`"${option}" is an option, not ${what}: ${fix}`);
}
