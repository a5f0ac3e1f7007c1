import {logCommand, shellQuote} from '../../command-log.js';
import type {UserCommandEntry} from '../../config/types.js';
import {engineEnv} from '../../engine/user-commands/engine-env.js';
import {runCaptured} from '../../engine/user-commands/run.js';
import {
  checkCommand,
  expandCommand,
  usesEnv,
  usesFields,
  type CommandItem,
} from '../../engine/user-commands/template.js';
import {errorMessage} from '../../errors.js';
import type {KeyAction} from '../../store/actions.js';
import type {Confirmation} from '../../store/state.js';
import type {Binding, CommandSpec, Services, ViewModule} from '../types.js';

// User-defined commands from the config file (commands:), made into a module at start-up: each one is a key in
// its view's scope (so ?, the footer and config overrides see it), a :NAME command, and an action user.NAME.
// The command is an argument list whose {{.Field}} templates take the selected row's values, one argument each;
// it runs as a subprocess with the engine settings berth uses, never through a shell, and goes to the command log.

export const quoteArgv = (argv: readonly string[]) => argv.map(shellQuote).join(' ');

const RESERVED_KEYS = new Set(['ctrl-c']);

type Built = {module: ViewModule; problems: string[]; commands: readonly UserCommandEntry[]};

export function userCommandsModule(
  entries: readonly UserCommandEntry[],
  views: readonly ViewModule[],
  keymap: readonly Binding[],
  builtinCommands: readonly string[],
  file: string,
): Built {
  const problems: string[] = [];
  const bad = (entry: UserCommandEntry, why: string) => problems.push(`config ${file}: ${entry.where} ${why}`);
  const scopes = views.filter(view => view.itemFields).map(view => view.id);
  const accepted: UserCommandEntry[] = [];
  const bindings: Binding[] = [];
  for (const entry of entries) {
    const view = views.find(v => v.id === entry.scope && v.itemFields);
    if (entry.scope !== 'global' && !view) {
      bad(
        entry,
        `scope "${entry.scope}" is not a view with rows (${scopes.join(', ')}) or global; that command is left out`,
      );
      continue;
    }
    if (builtinCommands.includes(entry.name)) {
      bad(
        entry,
        `name "${entry.name}" is a built-in command (:${entry.name}); choose another; that command is left out`,
      );
      continue;
    }
    const wrong = checkCommand(entry.command, {
      fields: view?.itemFields?.names ?? [],
      labels: view?.itemFields?.labels ?? false,
      env: Boolean(view?.itemFields?.env),
    });
    if (wrong.length) {
      bad(entry, `command: ${wrong.join('; ')}; that command is left out`);
      continue;
    }
    accepted.push(entry);
    if (!entry.key) continue;
    // The tab keys (scope 'tabs') apply wherever a view shows: a digit is taken there too.
    const active = entry.scope === 'global' ? ['tabs', 'global'] : [entry.scope, 'list', 'move', 'tabs', 'global'];
    const taken = RESERVED_KEYS.has(entry.key)
      ? {action: 'app.quit'}
      : active
          .map(scope => [...keymap, ...bindings].find(b => b.scope === scope && b.keys.includes(entry.key!)))
          .find(Boolean);
    if (taken) {
      bad(entry, `key "${entry.key}" is already ${taken.action} there; :${entry.name} still runs it`);
      continue;
    }
    bindings.push({
      scope: entry.scope,
      keys: [entry.key],
      action: `user.${entry.name}` as KeyAction,
      help: `${entry.name} (your command)`,
      footer: true,
      changes: true,
    });
  }

  const byName = new Map(accepted.map(entry => [entry.name, entry]));
  // Expanded commands waiting for their confirmation, kept here rather than in the store (they may hold secrets).
  const pending = new Map<string, {argv: string[]; shown: string[]; engine?: string}>();
  const commands: CommandSpec[] = accepted.map(entry => ({
    name: entry.name,
    usage: `:${entry.name} [ARGS...] (your command: ${quoteArgv(entry.command)})`,
    changes: true,
    run(services, args) {
      void start(services, entry, args, views, pending);
      return undefined;
    },
  }));

  const module: ViewModule = {
    id: 'userCommands',
    title: 'Your commands',
    bindings,
    commands,
    effect(services, action) {
      if (!action.type.startsWith('user.')) return;
      const entry = byName.get(action.type.slice('user.'.length));
      if (entry) void start(services, entry, [], views, pending);
    },
    confirmed(services, confirm) {
      const entry = confirm.extra?.name ? byName.get(confirm.extra.name) : undefined;
      const run = entry && pending.get(entry.name);
      pending.delete(entry?.name ?? '');
      if (entry && run) execute(services, entry, run.argv, run.shown, run.engine);
    },
  };
  return {module, problems, commands: accepted};
}

function itemOf(
  services: Services,
  entry: UserCommandEntry,
  views: readonly ViewModule[],
): {item?: CommandItem; missing?: string} {
  if (entry.scope === 'global') return {};
  const view = views.find(v => v.id === entry.scope);
  const item = view?.itemFields?.selected(services.store.get());
  if (!item && usesFields(entry.command))
    return {
      missing: `:${entry.name} needs a selected row in ${view?.title ?? entry.scope} (${view?.key ?? ''}); select one first`,
    };
  return {item};
}

export async function start(
  services: Services,
  entry: UserCommandEntry,
  extra: readonly string[],
  views: readonly ViewModule[],
  pending: Map<string, {argv: string[]; shown: string[]; engine?: string}>,
): Promise<void> {
  const {item, missing} = itemOf(services, entry, views);
  if (missing) return services.status(missing, 'error');
  if (item && usesEnv(entry.command)) {
    const read = views.find(v => v.id === entry.scope)?.itemFields?.env;
    try {
      item.env = read ? await read(services, item) : {};
    } catch (error) {
      return services.status(
        `:${entry.name}: the environment of ${item.fields.Name ?? 'the row'}: ${errorMessage(error)}`,
        'error',
      );
    }
  }
  const argv = [...expandCommand(entry.command, item), ...extra];
  // What the dialog, the pane's title and the command log show: environment values as ***.
  const shown = [...expandCommand(entry.command, item, {maskEnv: true}), ...extra];
  // With several engines the command runs against the selected row's engine (its DOCKER_HOST / --context).
  const engine = item?.fields.Engine || undefined;
  if (!entry.confirm) return execute(services, entry, argv, shown, engine);
  pending.set(entry.name, {argv, shown, engine});
  const confirm: Confirmation = {
    title: typeof entry.confirm === 'string' ? entry.confirm : `Run your command ${entry.name}?`,
    targets: [quoteArgv(shown), ...(item?.fields.Name ? [`on ${item.fields.Name}`] : []), `output: ${entry.output}`],
    ids: [entry.name],
    names: [entry.name],
    owner: 'userCommands',
    operation: 'run',
    extra: {name: entry.name},
  };
  services.dispatch({type: 'overlay.show', overlay: {kind: 'confirm', confirm}});
}

const PANE_FRAME_MS = 100;

function execute(services: Services, entry: UserCommandEntry, argv: string[], shown: string[], engine?: string): void {
  const target = services.engine(engine)?.target;
  if (!target) return services.status('the engine is not connected; try again when the banner is gone', 'error');
  logCommand(`${quoteArgv(shown)}  # berth: your command :${entry.name}`);
  if (entry.output === 'terminal')
    return services.leaveUi({type: 'command', command: {name: entry.name, argv}, engine});
  const env = engineEnv(target);
  const title = (state: string) => `${entry.name} · ${state} · ${quoteArgv(shown)}`;
  let text = '';
  let timer: NodeJS.Timeout | undefined;
  const pane = entry.output === 'pane';
  // Only while its own pane is open: closed with esc, it is not opened again (the status line still reports).
  const show = (state: string, first = false) => {
    const overlay = services.store.get().overlay;
    const mine = overlay?.kind === 'text' && overlay.title.startsWith(`${entry.name} · `);
    if (!first && !mine) return;
    const lines = text.split('\n');
    if (lines.at(-1) === '') lines.pop();
    services.dispatch({
      type: 'overlay.show',
      overlay: {
        kind: 'text',
        title: title(state),
        lines,
        scroll: mine && overlay?.kind === 'text' ? overlay.scroll : 0,
        wrap: true,
      },
    });
  };
  if (pane) show('running…', true);
  services.status(`running ${entry.name}…`);
  void runCaptured(argv, env, {
    onOutput: chunk => {
      text += chunk;
      if (text.length > 1024 * 1024) text = text.slice(-1024 * 1024);
      if (pane && !timer) timer = setTimeout(() => ((timer = undefined), show('running…')), PANE_FRAME_MS);
    },
  }).then(result => {
    clearTimeout(timer);
    text = result.output + (result.truncated ? '\n[output cut at 1 MiB]' : '');
    const how = result.error ?? (result.signal ? `killed by ${result.signal}` : `exit ${result.exitCode}`);
    if (pane) show(how);
    const last = text.trim().split('\n').at(-1) ?? '';
    const failed = Boolean(result.error) || result.exitCode !== 0;
    services.status(`${entry.name}: ${how}${failed && !pane && last ? ` · ${last}` : ''}`, failed ? 'error' : 'info');
  });
}
