// User-defined commands are argument lists with Go-template-like fields ({{.Name}}, {{.Label "key"}}). Each
// argument is expanded on its own and stays one argument whatever the value holds (spaces, quotes, `;`, `$(…)`):
// no shell ever sees the values, so a container name or a label cannot add arguments or commands.

export type CommandItem = {
  fields: Readonly<Record<string, string>>;
  labels?: Readonly<Record<string, string>>;
  // The container's environment ({{.Env "KEY"}}), read when a command uses it. Its values may be secrets: the
  // masked expansion (for the command log, dialogs and titles) shows them as ***.
  env?: Readonly<Record<string, string>>;
};

// What a scope offers besides its fields.
export type TemplateScope = {fields: readonly string[]; labels: boolean; env?: boolean};

const TEMPLATE = /\{\{(.*?)\}\}/g;

type Ref = {kind: 'field'; name: string} | {kind: 'label'; key: string} | {kind: 'env'; key: string};

function parseRef(inner: string): Ref | undefined {
  const text = inner.trim();
  const name = /^\.([A-Za-z][A-Za-z0-9]*)$/.exec(text)?.[1];
  if (name !== undefined) return {kind: 'field', name};
  const label = (/^\.Label\s+"([^"]*)"$/.exec(text) ?? /^index\s+\.Labels\s+"([^"]*)"$/.exec(text))?.[1];
  if (label !== undefined) return {kind: 'label', key: label};
  const env = /^\.Env\s+"([^"]*)"$/.exec(text)?.[1];
  if (env !== undefined) return {kind: 'env', key: env};
  return undefined;
}

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ash', 'ksh', 'fish']);
const SHELL_TOKENS = new Set(['|', '||', '&&', ';', '&', '>', '>>', '<', '<<', '2>', '2>&1', '&>']);

const basename = (path: string) => path.slice(path.lastIndexOf('/') + 1);

// The docker CLI's own Go templates (`--format '{{.State.Status}}'`, `-f …`) are passed on untouched: a word is
// one when it is --format=… or follows --format or -f.
const isFormat = (word: string, previous: string | undefined) =>
  word.startsWith('--format=') || previous === '--format' || previous === '-f';

// What is wrong with a command template, in words: unknown fields, labels where the scope has none, and anything
// that would need (or feed) a shell.
export function checkCommand(argv: readonly string[], scope: TemplateScope): string[] {
  const {fields, labels: hasLabels} = scope;
  const problems: string[] = [];
  const shell = SHELLS.has(basename(argv[0] ?? ''));
  argv.forEach((word, i) => {
    // (TEMPLATE's group always takes part in a match.)
    for (const [whole, inner = ''] of isFormat(word, argv[i - 1]) ? [] : word.matchAll(TEMPLATE)) {
      const ref = parseRef(inner);
      if (!ref)
        problems.push(
          `${whole} is not a field berth knows (write {{.Field}} or {{.Label "key"}}; fields here: ${fields.join(', ') || 'none'})`,
        );
      else if (ref.kind === 'field' && !fields.includes(ref.name))
        problems.push(
          `{{.${ref.name}}} is not a field of this scope (fields: ${fields.join(', ') || 'none'}${hasLabels ? ', {{.Label "key"}}' : ''})`,
        );
      else if (ref.kind === 'label' && !hasLabels) problems.push(`${whole}: this scope has no labels`);
      else if (ref.kind === 'env' && !scope.env) problems.push(`${whole}: only containers have an environment`);
    }
    if (SHELL_TOKENS.has(word))
      problems.push(
        `"${word}" needs a shell, and berth runs commands without one; use [sh, -c, 'SCRIPT', sh, ARGS…] and refer to the arguments as "$1"…`,
      );
    else if (!shell && /\$\(|`/.test(word))
      problems.push(`"${word}" needs a shell (command substitution), and berth runs commands without one`);
    if (shell && i > 0 && argv[i - 1] === '-c' && /\{\{.*?\}\}/.test(word)) {
      problems.push(
        `a field inside the shell script ("${word}") would let a name or label run commands; pass it after the script and use "$1": [${argv[0]}, -c, 'SCRIPT "$1"', ${argv[0]}, "{{.Name}}"]`,
      );
    }
  });
  return problems;
}

// One argument in, one argument out: the values are text inside it, never split or interpreted.
export function expandCommand(
  argv: readonly string[],
  item: CommandItem | undefined,
  options: {maskEnv?: boolean} = {},
): string[] {
  return argv.map((word, i) =>
    isFormat(word, argv[i - 1])
      ? word
      : word.replace(TEMPLATE, (whole, inner: string) => {
          const ref = parseRef(inner);
          if (!ref || !item) return '';
          if (ref.kind === 'env') return options.maskEnv ? '***' : (item.env?.[ref.key] ?? '');
          return ref.kind === 'field' ? (item.fields[ref.name] ?? '') : (item.labels?.[ref.key] ?? '');
        }),
  );
}

export const usesFields = (argv: readonly string[]) =>
  argv.some((word, i) => !isFormat(word, argv[i - 1]) && /\{\{.*?\}\}/.test(word));

export const usesEnv = (argv: readonly string[]) =>
  argv.some(
    (word, i) =>
      !isFormat(word, argv[i - 1]) &&
      [...word.matchAll(TEMPLATE)].some(([, inner = '']) => parseRef(inner)?.kind === 'env'),
  );
