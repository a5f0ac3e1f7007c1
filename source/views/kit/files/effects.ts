import {rmSync} from 'node:fs';
import {ArchiveCancelledError, ArchiveExistsError} from '../../../engine/archives/archive-errors.js';
import type {ArchiveProgress} from '../../../engine/archives/progress.js';
import {childPath} from '../../../engine/container-files/file-entry.js';
import {errorMessage} from '../../../errors.js';
import type {Confirmation} from '../../../store/state.js';
import {bytes} from '../../../text/format.js';
import {sanitizeLine} from '../../../text/sanitize.js';
import type {Services} from '../../types.js';
import {expandPath} from '../archives/effects.js';
import {perApp} from '../runtime.js';
import {selectedEntry} from './reducer.js';
import type {FilesTarget} from './state.js';

const engineSide = () => import('./engine-side.js');

// What the pane waits for (a listing, a file, the changes) and the copy under way: each cancelled by esc, and
// the pane's request when another replaces it.
// `partial`: the copy out's TARGET.partial, removed at once when berth quits mid-copy (the abort's own clean-up is
// asynchronous and the process exits right after the terminal is restored).
const work = perApp(
  () => ({
    pane: undefined as AbortController | undefined,
    copy: undefined as AbortController | undefined,
    partial: undefined as string | undefined,
    // Settles when the copy under way has ended (its own clean-up removes what it wrote once aborted).
    copied: undefined as Promise<void> | undefined,
  }),
  parts => {
    parts.pane?.abort();
    parts.copy?.abort();
  },
);

const PROGRESS_EVERY_MS = 100;

// A local path as typed (~ expanded, made absolute), keeping the end docker cp reads meaning from: "dir/" must be
// an existing directory, "dir/." means its contents.
export function localPath(typed: string): string {
  const text = typed.trim() || '.';
  const end = /[/\\]\.$/.test(text) ? '/.' : /[/\\]$/.test(text) ? '/' : '';
  const path = expandPath(text);
  return end && !path.endsWith('/') ? `${path}${end}` : path;
}

function paneRequest(services: Services): AbortSignal {
  work(services).pane?.abort();
  const controller = new AbortController();
  work(services).pane = controller;
  return controller.signal;
}

// A request another one replaced: its end is not news any more.
const superseded = (services: Services, signal: AbortSignal) =>
  signal.aborted && work(services).pane?.signal !== signal;

export function cancelPane(services: Services): void {
  work(services).pane?.abort();
}

export function cancelCopy(services: Services): void {
  work(services).copy?.abort();
}

export function abandonWork(services: Services): Promise<void> | undefined {
  const {pane, copy, partial, copied} = work(services);
  pane?.abort();
  copy?.abort();
  try {
    if (partial) rmSync(partial, {recursive: true, force: true});
  } catch {
    // Quitting must not fail on a copy it cannot remove (the copy's own clean-up tries again).
  }
  return copied;
}

// The --context word of the docker command written to the command log: only with several engines (with one, the
// engine is the shell's own).
const contextOf = (services: Services, engine: string | undefined) =>
  services.engines().length > 1 ? (engine ?? services.engine()?.target.context) : undefined;

// f on a container (or :diff NAME): the pane at the container's working directory (/ when it has none).
export async function openFiles(
  services: Services,
  row: {id: string; name: string; engine?: string; state: string},
  then: 'list' | 'changes' = 'list',
): Promise<void> {
  const docker = services.docker(row.engine);
  if (!docker) return;
  let workdir = '/';
  try {
    const info = await docker.getContainer(row.id).inspect();
    workdir = info.Config.WorkingDir || '/';
  } catch {
    // The listing says what is wrong with the container; / is where to start meanwhile.
  }
  const target: FilesTarget = {
    id: row.id,
    name: row.name,
    ...(row.engine ? {engine: row.engine} : {}),
    running: row.state === 'running',
  };
  services.dispatch({type: 'files.opened', target, path: workdir});
  if (then === 'changes') return void showChanges(services);
  loadIfNeeded(services);
}

// A directory shown with nothing listed yet (opened, entered, gone up): list it.
export function loadIfNeeded(services: Services): void {
  const files = services.store.get().files;
  if (!files || files.mode !== 'list' || files.listing || files.loading || files.error) return;
  // Keys typed after enter or backspace wait for a running container's listing (a command in it, well under a
  // second): enter typed ahead opens the entry of the new listing. The archive way (a stopped container) may
  // take long, and esc must reach it to cancel.
  if (files.running) services.holdKeys(`the listing of ${files.path}`, listPath(services));
  else void listPath(services);
}

async function listPath(services: Services): Promise<void> {
  const files = services.store.get().files;
  const client = files && services.engine(files.engine)?.client;
  if (!files || !client) return void services.docker(files?.engine);
  const {path} = files;
  const signal = paneRequest(services);
  services.dispatch({type: 'files.loading', what: `listing ${path}`});
  const side = await engineSide();
  let reported = 0;
  try {
    const listing = await side.listDirectory(client.docker, client.api, files.id, path, {
      running: files.running,
      signal,
      onProgress: read => {
        const now = performance.now();
        if (now - reported < PROGRESS_EVERY_MS) return;
        reported = now;
        services.dispatch({type: 'files.loading', what: `listing ${path}`, bytes: read});
      },
    });
    services.dispatch({type: 'files.listed', listing});
  } catch (error) {
    if (superseded(services, signal)) return;
    const text =
      error instanceof side.ListCancelledError
        ? `listing ${path} cancelled (ctrl-r lists it again)`
        : errorMessage(error);
    services.dispatch({type: 'files.failed', error: text});
  }
}

// enter on something that is not a directory: a file is shown (its first MiB); a link to a directory is entered.
export function viewSelected(services: Services): void {
  const files = services.store.get().files;
  if (files) services.holdKeys(`reading ${files.path}`, readSelected(services));
}

async function readSelected(services: Services): Promise<void> {
  const state = services.store.get();
  const files = state.files;
  const entry = selectedEntry(state);
  if (!files || !entry || entry.kind === 'directory') return;
  const path = childPath(files.path, entry.name);
  if (entry.kind !== 'file' && entry.kind !== 'symlink') {
    services.status(`${sanitizeLine(path)} is a ${entry.kind}: nothing to show`);
    return;
  }
  const docker = services.docker(files.engine);
  if (!docker) return;
  const signal = paneRequest(services);
  services.dispatch({type: 'files.loading', what: `reading ${path}`});
  try {
    const {readFileHead} = await engineSide();
    const head = await readFileHead(docker, files.name, path, signal);
    const lines = head.binary
      ? []
      : head.bytes
          .toString('utf8')
          .split(/\r?\n/)
          .map(line => sanitizeLine(line));
    if (!head.binary && !head.truncated && lines.at(-1) === '') lines.pop();
    services.dispatch({
      type: 'files.viewed',
      view: {
        path: head.path,
        size: head.size,
        binary: head.binary,
        truncated: head.truncated,
        lines,
        search: '',
        scroll: 0,
      },
    });
  } catch (error) {
    if (superseded(services, signal)) return;
    const message = errorMessage(error);
    // A link to a directory: go in, as ls would.
    if (entry.kind === 'symlink' && / is a directory$/.test(message)) {
      services.dispatch({type: 'files.goTo', path});
      return;
    }
    // The listing stays as it was; what went wrong with this one file is said on the status line.
    services.dispatch({type: 'files.failed', error: ''});
    services.status(message, 'error');
  }
}

// D in the pane, :diff: what the container changed against its image, as a tree with counts.
export async function showChanges(services: Services): Promise<void> {
  const files = services.store.get().files;
  const docker = files && services.docker(files.engine);
  if (!files || !docker) return;
  const signal = paneRequest(services);
  services.dispatch({type: 'files.loading', what: 'reading the changes (docker diff)'});
  try {
    const {changeTree, containerChanges} = await engineSide();
    const {lines, totals} = changeTree(await containerChanges(docker, files.id, signal));
    services.dispatch({type: 'files.changed', lines, totals});
  } catch (error) {
    if (superseded(services, signal)) return;
    services.dispatch({type: 'files.failed', error: signal.aborted ? 'cancelled' : errorMessage(error)});
  }
}

export type CopyOutRequest = {container: string; source: string; dest: string; engine?: string; overwrite?: boolean};

// c in the pane, :cp CONTAINER:PATH LOCAL: as docker cp, never replacing a local file unless the user says so.
export async function copyOut(services: Services, request: CopyOutRequest, backToPane: boolean): Promise<void> {
  if (work(services).copy) return busy(services);
  const docker = services.docker(request.engine);
  if (!docker) return;
  const dest = localPath(request.dest);
  const controller = new AbortController();
  work(services).copy = controller;
  let ended = () => {};
  work(services).copied = new Promise(resolve => (ended = resolve));
  const what = `${request.container}:${request.source}`;
  try {
    const {describeTarget, planCopyOut, runCopyOut} = await engineSide();
    const plan = await planCopyOut(docker, request.container, request.source, dest);
    services.dispatch({type: 'files.copyStarted', title: `copying ${what}: ${describeTarget(plan)}`, backToPane});
    const result = await runCopyOut(docker, plan, {
      overwrite: request.overwrite ?? false,
      signal: controller.signal,
      onProgress: progress => {
        // Bytes flowing: the partial copy is ours (one there before is refused, never taken for ours).
        work(services).partial ??= `${plan.target}.partial`;
        progressTo(services)(progress);
      },
      context: contextOf(services, request.engine),
    });
    const skipped = result.skipped.length ? `; not copied: ${result.skipped.join(', ')}` : '';
    services.status(
      `copied ${sanitizeLine(what)} to ${result.target} (${bytes(result.bytes)})${skipped}`,
      skipped ? 'error' : 'info',
    );
  } catch (error) {
    if (error instanceof ArchiveExistsError) askOverwrite(services, request, error.path, backToPane);
    else if (error instanceof ArchiveCancelledError)
      services.status(`copy of ${sanitizeLine(what)} cancelled; nothing was written`);
    else services.status(errorMessage(error), 'error');
  } finally {
    work(services).copy = undefined;
    work(services).partial = undefined;
    work(services).copied = undefined;
    ended();
    services.dispatch({type: 'files.copyFinished'});
  }
}

export type CopyInRequest = {source: string; container: string; dest: string; engine?: string};

// :cp LOCAL CONTAINER:PATH: worked out first (what lands where, what it replaces), asked, then copied.
export async function planAndAskCopyIn(services: Services, request: CopyInRequest): Promise<void> {
  if (services.config.readonly) {
    services.status('copying into a container changes it: not with --readonly', 'error');
    return;
  }
  const docker = services.docker(request.engine);
  if (!docker) return;
  try {
    const source = localPath(request.source);
    const {describeCopyIn, planCopyIn} = await engineSide();
    const plan = await planCopyIn(docker, request.container, source, request.dest);
    const confirm: Confirmation = {
      owner: 'files',
      operation: 'copyIn',
      title: `Copy ${plan.source} into the container?`,
      targets: [describeCopyIn(plan)],
      // As typed (made absolute): "dir/." keeps meaning the directory's contents when the copy is planned again.
      ids: [source, request.container, request.dest],
      names: [request.container],
      ...(request.engine ? {engines: [request.engine]} : {}),
    };
    services.dispatch({type: 'overlay.show', overlay: {kind: 'confirm', confirm}});
  } catch (error) {
    services.status(errorMessage(error), 'error');
  }
}

async function copyIn(services: Services, request: CopyInRequest): Promise<void> {
  if (work(services).copy) return busy(services);
  const docker = services.docker(request.engine);
  if (!docker) return;
  const controller = new AbortController();
  work(services).copy = controller;
  const where = `${request.container}:${request.dest}`;
  try {
    // Again: the answer may have come a while after the question.
    const {planCopyIn, runCopyIn} = await engineSide();
    const plan = await planCopyIn(docker, request.container, request.source, request.dest);
    services.dispatch({type: 'files.copyStarted', title: `copying ${plan.source} to ${where}`, backToPane: false});
    const result = await runCopyIn(docker, plan, {
      signal: controller.signal,
      onProgress: progressTo(services),
      context: contextOf(services, request.engine),
    });
    services.status(
      `copied ${plan.source} to ${sanitizeLine(`${request.container}:${plan.target}`)} (${bytes(result.bytes)})`,
    );
  } catch (error) {
    if (error instanceof ArchiveCancelledError) services.status(`copy to ${sanitizeLine(where)} cancelled`);
    else services.status(errorMessage(error), 'error');
  } finally {
    work(services).copy = undefined;
    services.dispatch({type: 'files.copyFinished'});
  }
}

function busy(services: Services): void {
  services.status('a copy is already under way; wait for it or press esc in its progress window', 'error');
}

function progressTo(services: Services) {
  return (progress: ArchiveProgress) => void services.dispatch({type: 'files.copyProgress', progress});
}

function askOverwrite(services: Services, request: CopyOutRequest, exists: string, backToPane: boolean): void {
  const confirm: Confirmation = {
    local: true,
    owner: 'files',
    operation: 'overwrite',
    title: `${exists} exists. Replace it with ${request.container}:${request.source}?`,
    targets: [exists],
    ids: [request.container, request.source, request.dest, backToPane ? 'pane' : ''],
    names: [request.container],
    ...(request.engine ? {engines: [request.engine]} : {}),
  };
  services.dispatch({type: 'overlay.show', overlay: {kind: 'confirm', confirm}});
}

// y in a question the pane's copies asked.
export function confirmedCopy(services: Services, confirm: Confirmation): void {
  const engine = confirm.engines?.[0];
  const on = engine ? {engine} : {};
  if (confirm.operation === 'overwrite') {
    const [container, source, dest, back] = confirm.ids;
    if (container === undefined || source === undefined || dest === undefined) return;
    void copyOut(services, {container, source, dest, overwrite: true, ...on}, back === 'pane');
  } else if (confirm.operation === 'copyIn') {
    const [source, container, dest] = confirm.ids;
    if (container === undefined || source === undefined || dest === undefined) return;
    void copyIn(services, {source, container, dest, ...on});
  }
}
