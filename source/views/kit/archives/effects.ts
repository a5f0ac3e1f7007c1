import {rmSync} from 'node:fs';
import {resolve} from 'node:path';
import {homedir} from 'node:os';
import {ArchiveCancelledError, ArchiveExistsError} from '../../../engine/archives/archive-errors.js';
import {exportContainer} from '../../../engine/archives/export.js';
import {loadImages} from '../../../engine/archives/load.js';
import type {ArchiveProgress} from '../../../engine/archives/progress.js';
import {bytes} from '../../../text/format.js';
import {saveImages} from '../../../engine/archives/save.js';
import {kindOf} from '../../../engine/files/partial-file.js';
import {errorMessage} from '../../../errors.js';
import type {Confirmation} from '../../../store/state.js';
import type {Services} from '../../types.js';
import {perApp} from '../runtime.js';
import type {ArchiveRequest} from './state.js';

// The app's one archive under way (esc in the progress overlay aborts it), and its partial file, removed at once
// when berth quits mid-archive (the abort's own clean-up is asynchronous and the process exits right after the
// terminal is restored).
const archive = perApp(() => ({
  running: undefined as AbortController | undefined,
  partialFile: undefined as string | undefined,
  // Settles when the archive under way has ended: its partial file may still be being opened when berth quits, and
  // the pipeline's own clean-up removes it once aborted.
  settled: undefined as Promise<void> | undefined,
}));

export function cancelArchive(services: Services): void {
  archive(services).running?.abort();
}

export function abandonArchive(services: Services): Promise<void> | undefined {
  const {running, partialFile, settled} = archive(services);
  running?.abort();
  try {
    if (partialFile) rmSync(partialFile, {force: true});
  } catch {
    // Quitting must not fail on a file it cannot remove (the pipeline's own cleanup tries again).
  }
  return settled;
}

const VERB = {save: 'saving', load: 'loading', export: 'exporting'} as const;

// With several engines the title and the status name the engine: `saving second/web:1 to …`, `loading … into
// second`.
const onEngine = (request: ArchiveRequest, name: string) => (request.engine ? `${request.engine}/${name}` : name);
const into = (request: ArchiveRequest) => (request.engine ? ` into ${request.engine}` : '');

function titleOf(request: ArchiveRequest): string {
  if (request.operation === 'load') return `loading ${request.path}${into(request)}`;
  return `${VERB[request.operation]} ${request.targets.map(name => onEngine(request, name)).join(', ')} to ${request.path}`;
}

export function expandPath(path: string): string {
  const home = path === '~' || path.startsWith('~/') ? homedir() + path.slice(1) : path;
  return resolve(home);
}

// :save, :load, :export and x's prompt all come here: `-` is refused (the terminal is the UI's), an existing file
// is replaced only after the user says so.
export async function startArchive(services: Services, request: ArchiveRequest, overwrite = false): Promise<void> {
  if (archive(services).running) {
    services.status('an archive is already under way; wait for it or press esc in its progress window', 'error');
    return;
  }
  if (!request.path.trim() || request.path.trim() === '-') {
    services.status(
      `${request.operation}: give a file path (standard ${request.operation === 'load' ? 'input' : 'output'} is the UI's own inside berth)`,
      'error',
    );
    return;
  }
  const path = expandPath(request.path.trim());
  const full = {...request, path};
  // Taken before the first await, so two quick commands cannot both start.
  const controller = new AbortController();
  archive(services).running = controller;
  if (request.operation !== 'load' && !overwrite && (await kindOf(path)) === 'file') {
    archive(services).running = undefined;
    askOverwrite(services, full);
    return;
  }
  const docker = services.docker(request.engine);
  if (!docker) {
    archive(services).running = undefined;
    return;
  }
  archive(services).partialFile = full.operation === 'load' ? undefined : `${path}.partial`;
  let ended = () => {};
  archive(services).settled = new Promise(resolve => (ended = resolve));
  services.dispatch({type: 'archive.started', job: {request: full, title: titleOf(full)}});
  const options = {
    signal: controller.signal,
    context: request.engine,
    onProgress: (progress: ArchiveProgress) => void services.dispatch({type: 'archive.progress', progress}),
  };
  const started = performance.now();
  try {
    if (full.operation === 'load') {
      const {loaded, bytes: size} = await loadImages(docker, {kind: 'file', path}, options);
      services.status(`${loaded.join(', ') || 'the engine loaded nothing'} (${bytes(size)} from ${path}${into(full)})`);
    } else {
      const destination = {kind: 'file' as const, path, overwrite};
      const result =
        full.operation === 'save'
          ? await saveImages(docker, full.targets, destination, options)
          : await exportContainer(docker, onlyTarget(full.targets), destination, options);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      services.status(
        `${full.operation === 'save' ? 'saved' : 'exported'} ${full.targets.map(name => onEngine(full, name)).join(', ')} to ${path} (${bytes(result.bytes)} in ${seconds} s)`,
      );
    }
  } catch (error) {
    if (error instanceof ArchiveExistsError) askOverwrite(services, full);
    else if (error instanceof ArchiveCancelledError)
      services.status(`${full.operation} cancelled; nothing was written`);
    else services.status(errorMessage(error), 'error');
  } finally {
    archive(services).running = undefined;
    archive(services).partialFile = undefined;
    archive(services).settled = undefined;
    ended();
    services.dispatch({type: 'archive.finished'});
  }
}

// Whose archive it is, possessive and number right: the image's, the images', the container's.
function archiveOf(request: ArchiveRequest): string {
  if (request.operation !== 'save') return "the container's archive";
  return request.targets.length === 1 ? "the image's archive" : "the images' archive";
}

function askOverwrite(services: Services, request: ArchiveRequest): void {
  const confirm: Confirmation = {
    local: true,
    owner: 'archives',
    operation: 'overwrite',
    title: `${request.path} exists. Replace it with ${archiveOf(request)}?`,
    targets: [request.path],
    ids: [request.operation, ...request.targets],
    names: [request.path],
    ...(request.engine ? {extra: {engine: request.engine}} : {}),
  };
  services.dispatch({type: 'overlay.show', overlay: {kind: 'confirm', confirm}});
}

// An export is of one container (its request was made with one).
function onlyTarget(targets: readonly string[]): string {
  const [only] = targets;
  if (only === undefined) throw new Error('no container to export');
  return only;
}

export function confirmedOverwrite(services: Services, confirm: Confirmation): void {
  if (confirm.operation !== 'overwrite') return;
  const [operation, ...targets] = confirm.ids;
  if (operation !== 'save' && operation !== 'export') return;
  const engine = confirm.extra?.engine;
  const [path] = confirm.names;
  if (path === undefined) return;
  void startArchive(services, {operation, targets, path, ...(engine ? {engine} : {})}, true);
}
