import {contextWords, logCommand} from '../../command-log.js';
import {createContainer, type CreateRequest} from '../../engine/images/create.js';
import type {RunRequest} from '../../engine/exec/run-interactive.js';
import {dockerCreateCommand, dockerPruneCommand, dockerRmiCommand} from '../../engine/images/docker-commands.js';
import {imageHistory} from '../../engine/images/history.js';
import {planPrune, type PrunePreview, type PruneScope} from '../../engine/images/prune-plan.js';
import {runPrune} from '../../engine/images/prune-run.js';
import {previewLines, previewTitle, resultLines} from '../../engine/images/prune-text.js';
import {containersUsing, removeImage} from '../../engine/images/remove.js';
import {humanSize, createdSince} from '../../engine/images/units.js';
import {errorMessage} from '../../errors.js';
import {sanitizeLine} from '../../text/sanitize.js';
import type {Confirmation} from '../../store/state.js';
import type {Services} from '../types.js';
import {imagesList, selectedImage, targetImages} from './list.js';
import {perApp} from '../kit/runtime.js';
import {engineKey as engineKeyOf, engineOf, onEngineName} from '../kit/across-engines.js';
import {idsByEngine} from '../kit/actions.js';
import {formOverlay, switchOf, textOf, withDraft, type Form, type FormOverlay} from '../form.js';
import {splitCommandLine} from '../command-line.js';
import {awayMessage, imagesNamed, missingMessage, namedOnEngine, selectedImageEngine} from './named.js';

// A logged docker command, on the engine's context with several engines (a context's name is shell-safe).
const onContext = (line: string, engine: string | undefined) =>
  engine ? line.replace(/^docker /, `docker ${contextWords(engine).join(' ')} `) : line;

export async function showHistory(services: Services): Promise<void> {
  const row = selectedImage(services.store.get());
  if (!row) return;
  const docker = services.docker(engineOf(row));
  if (!docker) return;
  try {
    const rows = await imageHistory(docker, row.id);
    const lines = [
      `${'IMAGE'.padEnd(12)}  ${'CREATED'.padEnd(18)}  ${'SIZE'.padStart(8)}  CREATED BY · COMMENT`,
      ...rows.map(
        r =>
          `${r.id.padEnd(12)}  ${createdSince(r.created).padEnd(18)}  ${humanSize(r.size).padStart(8)}  ${r.createdBy}${r.comment ? ` · ${r.comment}` : ''}`,
      ),
    ];
    services.dispatch({
      type: 'overlay.show',
      overlay: {
        kind: 'text',
        title: `history of ${sanitizeLine(onEngineName(row, row.reference))} (${row.shortId})`,
        lines,
        scroll: 0,
      },
    });
  } catch (error) {
    services.status(errorMessage(error), 'error');
  }
}

// d / :rmi — the dialog lists each target and the containers created from it; f forces.
// With several engines each row's image is removed on the row's engine, and a name typed after :rmi is looked
// up on every engine: each engine that has it is one target (`second/web:1`), all listed before y.
export async function confirmRemove(services: Services, references?: readonly string[]): Promise<void> {
  type Target = {reference: string; id: string; label: string; engine?: string};
  let rows: Target[];
  if (references) {
    // Names typed after :rmi are checked before anything is asked, as :exec checks its container: an image no
    // engine has is refused at once, not after y.
    const named = await imagesNamed(services, references);
    if (!named) return;
    if (named.missing.length) throw new Error(missingMessage(named, services.engines().length > 1));
    rows = named.found.map(image => ({...image, label: namedOnEngine(image)}));
    const away = awayMessage(':rmi', named);
    if (away) services.status(away, 'error');
  } else
    rows = targetImages(services.store.get()).map(row => ({
      reference: row.tag === '<none>' ? row.shortId : row.reference,
      id: row.id,
      label: onEngineName(row, `${row.repository}:${row.tag} ${row.shortId}`),
      engine: engineOf(row),
    }));
  if (!rows.length) return;
  const docker = services.docker(rows[0].engine);
  if (!docker) return;
  const targets: string[] = [];
  for (const row of rows) {
    let users: string[];
    try {
      const own = row.engine === undefined ? docker : services.engine(row.engine)?.client?.docker;
      users = own ? (await containersUsing(own, row.id)).map(user => `${user.name} (${user.state})`) : [];
    } catch {
      users = [];
    }
    targets.push(
      `${sanitizeLine(row.label)}${users.length ? `  used by ${users.map(user => sanitizeLine(user)).join(', ')}` : ''}`,
    );
  }
  const confirm: Confirmation = {
    title: `Remove ${rows.length === 1 ? 'this image' : `these ${rows.length} images`}?`,
    targets,
    ids: rows.map(row => row.reference),
    names: rows.map(row => engineKeyOf(row.engine, row.reference)),
    ...(rows.some(row => row.engine) ? {engines: rows.map(row => row.engine)} : {}),
    owner: 'images',
    operation: 'rmi',
    force: false,
    forceLabels: {off: '  (f: force)', on: '  [force: untag every name, delete even if a stopped container uses it]'},
  };
  services.dispatch({type: 'overlay.show', overlay: {kind: 'confirm', confirm}});
}

export async function runRemove(
  services: Services,
  references: readonly string[],
  force: boolean,
  engines?: readonly (string | undefined)[],
): Promise<void> {
  const named = references.map((reference, i) => engineKeyOf(engines?.[i], reference));
  services.status(`removing ${named.join(', ')}…`);
  const lines: string[] = [];
  let failed = 0;
  // Each engine's images on its own client.
  for (const [engine, group] of idsByEngine(references, engines)) {
    const docker = services.docker(engine);
    if (!docker) {
      // docker() has said the engine is not connected; with one engine that is all there is to say.
      if (engine === undefined) return;
      failed += group.length;
      lines.push(
        ...group.map(reference => `not removed: ${sanitizeLine(engineKeyOf(engine, reference))}: engine not connected`),
      );
      continue;
    }
    for (const reference of group) {
      logCommand(onContext(dockerRmiCommand([reference], force), engine));
      const result = await removeImage(docker, reference, {force});
      if (result.ok) lines.push(...result.lines.map(line => `${line.kind}: ${engineKeyOf(engine, line.value)}`));
      else {
        failed += 1;
        const conflict = result.conflict;
        lines.push(
          `not removed: ${sanitizeLine(engineKeyOf(engine, reference))}: ${conflict ? `${conflict.reason}${conflict.forceable && !force ? ' (d, then f in the dialog, forces)' : ''}` : result.message}`,
        );
      }
    }
  }
  services.dispatch({
    type: 'overlay.show',
    overlay: {kind: 'text', title: `remove: ${references.length - failed} removed, ${failed} not`, lines, scroll: 0},
  });
  services.status(
    failed ? `${failed} image${failed === 1 ? '' : 's'} not removed (see the list)` : `removed ${named.join(', ')}`,
    failed ? 'error' : 'info',
  );
  void imagesList.loader.load(services);
}

// The last preview shown, per app: y runs exactly what it listed.
// `engine`: the engine prune runs on (with several engines, the selected row's; else the first).
const previews = perApp(() => ({plans: new Map<string, PrunePreview>(), engine: undefined as string | undefined}));

// With several engines prune asks the selected row's engine (engine:NAME in the filter picks one).
export function openPrune(services: Services, scope: PruneScope): void {
  previews(services).engine = selectedImageEngine(services);
  services.dispatch({
    type: 'overlay.show',
    overlay: {kind: 'imagePrune', scope, lines: [], loading: true, ready: false, scroll: 0},
  });
  void preview(services, scope);
}

export async function preview(services: Services, scope: PruneScope): Promise<void> {
  const {engine} = previews(services);
  const client = services.engine(engine)?.client;
  if (!client) return;
  try {
    const plan = await planPrune(client.docker, client.api, scope);
    previews(services).plans = new Map([[JSON.stringify(scope), plan]]);
    services.dispatch({
      type: 'imagePrune.preview',
      scope,
      lines: [`${previewTitle(plan)}${engine ? ` on engine ${engine}` : ''} would remove:`, ...previewLines(plan)],
    });
  } catch (error) {
    services.dispatch({type: 'imagePrune.preview', scope, lines: [`preview failed: ${errorMessage(error)}`]});
  }
}

export async function runPruneFromOverlay(services: Services): Promise<void> {
  const overlay = services.store.get().overlay;
  const {engine} = previews(services);
  const client = services.engine(engine)?.client;
  if (overlay?.kind !== 'imagePrune' || !overlay.ready || !client) return;
  const plan = previews(services).plans.get(JSON.stringify(overlay.scope));
  if (!plan) return;
  const on = engine ? ` on engine ${engine}` : '';
  services.status(`${previewTitle(plan)}${on}…`);
  logCommand(onContext(dockerPruneCommand(plan.scope, client.api), engine));
  try {
    const result = await runPrune(client.docker, plan);
    services.dispatch({
      type: 'overlay.show',
      overlay: {
        kind: 'text',
        title: `${previewTitle(plan)}${on}: reclaimed ${humanSize(result.spaceReclaimed)}`,
        lines: resultLines(result),
        scroll: 0,
      },
    });
    services.status(`${previewTitle(plan)}${on}: reclaimed ${humanSize(result.spaceReclaimed)}`);
  } catch (error) {
    services.status(`${previewTitle(plan)}${on}: ${errorMessage(error)}`, 'error');
  }
  void imagesList.loader.load(services);
}

export function openCreate(services: Services, image?: string): void {
  const row = selectedImage(services.store.get());
  const name = image ?? (row ? (row.tag === '<none>' ? row.shortId : row.reference) : undefined);
  if (!name) return;
  const engine = image === undefined && row ? engineOf(row) : undefined;
  const form: Form = {
    title: `create a container from ${name}${engine ? ` on engine ${engine}` : ''} (not started)`,
    focus: 0,
    fields: [
      {label: 'name', text: '', blank: '(the engine picks one)'},
      {label: 'command', text: '', blank: "(the image's default)"},
      {label: 'env', text: '', blank: 'KEY=VALUE … (quote values with spaces)'},
      {label: 'tty', on: false, whenOn: 'a terminal, as docker create -t', whenOff: 'no terminal'},
    ],
  };
  services.dispatch({
    type: 'overlay.show',
    overlay: {kind: 'imageCreate', image: name, ...(engine ? {engine} : {}), ...formOverlay(form)},
  });
}

// The c form's fields as a request; a word of env without "=" is refused (the engine would drop it silently).
export function createFromForm(image: string, overlay: FormOverlay): CreateRequest {
  const form = withDraft(overlay.form, overlay.draft);
  const env = splitCommandLine(textOf(form, 'env'));
  const bad = env.find(entry => !/^[^=\s]+=/.test(entry));
  if (bad !== undefined) throw new Error(`env "${bad}": write KEY=VALUE, one per word (quote a value with spaces)`);
  const name = textOf(form, 'name').trim();
  return {
    name: name || undefined,
    image,
    cmd: splitCommandLine(textOf(form, 'command')),
    env,
    tty: switchOf(form, 'tty'),
  };
}

// :create NAME [-t] [-e KEY=VALUE]... IMAGE [CMD...]; with `image` given, the words hold no IMAGE.
export function parseCreate(image: string | undefined, words: string[]): CreateRequest {
  const [name, ...rest] = words;
  if (!name) throw new Error('give a name for the container (then -t, -e KEY=VALUE, and the command if any)');
  let tty = false;
  const env: string[] = [];
  let i = 0;
  let chosen = image;
  for (; i < rest.length && rest[i].startsWith('-'); i++) {
    if (rest[i] === '-t') tty = true;
    else if (rest[i] === '-e') {
      const entry = rest[++i];
      if (!entry) throw new Error('-e needs KEY=VALUE');
      env.push(entry);
    } else throw new Error(`unknown option "${rest[i]}" (-t, -e KEY=VALUE)`);
  }
  let cmd = rest.slice(i);
  if (!chosen) {
    [chosen, ...cmd] = cmd;
    if (!chosen) throw new Error('give an image: :create NAME IMAGE [CMD...]');
  }
  return {name, image: chosen, cmd, env, tty};
}

export async function runCreate(services: Services, request: CreateRequest, engine?: string): Promise<void> {
  const docker = services.docker(engine);
  if (!docker) return;
  logCommand(onContext(dockerCreateCommand(request), engine));
  try {
    const {id} = await createContainer(docker, request);
    // The form may leave the name to the engine: the short ID then; with several engines, `second/name`.
    const name = engineKeyOf(engine, request.name ?? id.slice(0, 12));
    services.status(
      `created ${sanitizeLine(name)} from ${sanitizeLine(request.image)} (not started; view 1 shows it as Created)`,
    );
  } catch (error) {
    services.status(errorMessage(error), 'error');
  }
}

// :create and :run with several engines: IMAGE is looked up on every engine and the container made on the one
// that has it. On two or more, which one is not guessed: the row's key says it (c and r act on the row's
// engine). undefined: nothing to do (said on the status line).
export async function engineWithImage(
  services: Services,
  command: {name: string; key: string},
  image: string,
): Promise<{engine?: string} | undefined> {
  const named = await imagesNamed(services, [image]);
  if (!named) return undefined;
  if (named.missing.length) {
    services.status(`:${command.name}: ${missingMessage(named, true)}`, 'error');
    return undefined;
  }
  const engines = named.found.map(found => found.engine ?? '?');
  if (engines.length > 1) {
    services.status(
      `:${command.name}: image ${sanitizeLine(image)} is on engines ${engines.join(', ')}; select its row in view 2 and press ${command.key} (it acts on the row's engine)`,
      'error',
    );
    return undefined;
  }
  return {engine: named.found[0].engine};
}

export async function createOnEngineOfImage(services: Services, request: CreateRequest): Promise<void> {
  const on = await engineWithImage(services, {name: 'create', key: 'c'}, request.image);
  if (on) await runCreate(services, request, on.engine);
}

// :run IMAGE with several engines: on the engine that has it, with the terminal (as r on its row).
export async function runOnEngineOfImage(services: Services, run: RunRequest): Promise<void> {
  const on = await engineWithImage(services, {name: 'run', key: 'r'}, run.image);
  if (on) services.leaveUi({type: 'run', run, ...(on.engine ? {engine: on.engine} : {})});
}
