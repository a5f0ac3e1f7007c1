import {compareNatural} from '../../text/compare.js';
import {existsSync, statSync} from 'node:fs';
import {basename, dirname, isAbsolute, resolve} from 'node:path';
import type {ContainerRow} from '../containers/rows.js';
import {itemAt} from '../../util/item-at.js';

// The file names compose looks for in a directory, in its order of preference.
export const COMPOSE_FILE_NAMES = ['compose.yaml', 'compose.yml', 'docker-compose.yml', 'docker-compose.yaml'] as const;

// A compose project as the compose view shows it: from container labels, the compose file in berth's working directory,
// or -f/-p on berth's command line (which count even when nothing of them runs yet).
export type ComposeProject = {
  name: string;
  workingDir?: string;
  // Absolute paths (labels' relative ones resolved against workingDir).
  files: readonly string[];
  // Whether the files are here to read: build and up need them; down needs them with compose v1.
  filesKnown: boolean;
  // Why they are not, when they are not (shown next to what is unavailable).
  filesProblem?: string;
  // --env-file (absolute), and the profiles to enable (--profile, each): as compose takes them.
  envFile?: string;
  profiles?: readonly string[];
  origin: 'labels' | 'directory' | 'command line';
  containers: readonly ContainerRow[];
};

export type ProjectStatus = {text: string; running: number; total: number};

export function projectStatus(project: Pick<ComposeProject, 'containers'>): ProjectStatus {
  const total = project.containers.length;
  const running = project.containers.filter(row => row.state === 'running').length;
  if (total === 0) return {text: 'not created', running, total};
  if (running === 0)
    return {
      text:
        project.containers.some(row => row.state === 'created') &&
        !project.containers.some(row => row.state === 'exited')
          ? 'created'
          : 'exited',
      running,
      total,
    };
  return {text: `running ${running}/${total}`, running, total};
}

// What compose does to a directory name to make a project name (v1 and v2 agree on the characters kept).
export function normalizeProjectName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^-_a-z0-9]/g, '')
    .replace(/^[-_]+/, '');
}

// The compose file compose itself would pick in `dir`, if any.
export function findComposeFile(dir: string): string | undefined {
  for (const name of COMPOSE_FILE_NAMES) {
    const file = resolve(dir, name);
    if (existsSync(file)) return file;
  }
  return undefined;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function checkFiles(
  workingDir: string | undefined,
  files: readonly string[],
): {filesKnown: boolean; filesProblem?: string} {
  if (workingDir && !isDirectory(workingDir))
    return {
      filesKnown: false,
      filesProblem: `its directory ${workingDir} does not exist here (started elsewhere, or deleted)`,
    };
  if (!files.length)
    return {filesKnown: false, filesProblem: 'its containers do not say which compose files made them'};
  const missing = files.filter(file => !existsSync(file));
  if (missing.length)
    return {
      filesKnown: false,
      filesProblem: `${missing.join(', ')} ${missing.length === 1 ? 'does' : 'do'} not exist here`,
    };
  return {filesKnown: true};
}

// Projects from the container list: grouped by the project label; one-off containers (compose run) left out.
export function projectsFromContainers(rows: readonly ContainerRow[]): ComposeProject[] {
  const byName = new Map<string, ContainerRow[]>();
  for (const row of rows) {
    if (!row.compose || row.compose.oneoff) continue;
    const list = byName.get(row.compose.project);
    if (list) list.push(row);
    else byName.set(row.compose.project, [row]);
  }
  return [...byName].map(([name, containers]) => {
    // The newest container says best where the project lives now.
    // (A project is listed once it has a container.)
    const newest = itemAt(
      [...containers].sort((a, b) => b.created - a.created),
      0,
    );
    const labels = newest.compose!;
    const workingDir = labels.workingDir;
    const files = labels.configFiles.map(file => (isAbsolute(file) || !workingDir ? file : resolve(workingDir, file)));
    const sorted = [...containers].sort(
      (a, b) =>
        compareNatural(a.compose!.service, b.compose!.service) || (a.compose!.number ?? 0) - (b.compose!.number ?? 0),
    );
    const envFile =
      labels.envFile && workingDir && !isAbsolute(labels.envFile)
        ? resolve(workingDir, labels.envFile)
        : labels.envFile;
    return {
      name,
      workingDir,
      files,
      ...(envFile ? {envFile} : {}),
      ...checkFiles(workingDir, files),
      origin: 'labels',
      containers: sorted,
    };
  });
}

export type LocalProjectOptions = {
  cwd: string;
  // -f FILE (repeatable) and -p NAME from berth's command line.
  files?: readonly string[];
  name?: string;
  // --env-file, relative to cwd as compose takes it.
  envFile?: string;
  env?: NodeJS.ProcessEnv;
};

// The project of berth's working directory (or of -f files): compose's own defaults — the first -f file's
// directory is the project directory, its name the project name unless -p (or COMPOSE_PROJECT_NAME) says.
export function localProject(options: LocalProjectOptions): ComposeProject | undefined {
  const given = (options.files ?? []).map(file => resolve(options.cwd, file));
  const files = given.length ? given : [findComposeFile(options.cwd)].filter((file): file is string => Boolean(file));
  if (!files.length && !options.name) return undefined;
  const [first] = files;
  const workingDir = first === undefined ? options.cwd : dirname(first);
  const name = options.name || options.env?.COMPOSE_PROJECT_NAME || normalizeProjectName(basename(workingDir));
  const origin = given.length || options.name ? 'command line' : 'directory';
  const check = files.length
    ? checkFiles(workingDir, files)
    : {filesKnown: false, filesProblem: `no compose file in ${options.cwd}`};
  const envFile = options.envFile ? {envFile: resolve(options.cwd, options.envFile)} : {};
  return {name, workingDir, files, ...envFile, ...check, origin, containers: []};
}

// One row per project name: the local project's files win (they are the ones the user pointed at), the
// containers come from the labels.
export function mergeProjects(
  fromLabels: readonly ComposeProject[],
  local: ComposeProject | undefined,
): ComposeProject[] {
  const projects = [...fromLabels];
  if (local) {
    const index = projects.findIndex(project => project.name === local.name);
    const found = projects[index];
    if (!found) projects.push(local);
    else if (local.files.length)
      projects[index] = {...local, envFile: local.envFile ?? found.envFile, containers: found.containers};
  }
  return projects.sort((a, b) => compareNatural(a.name, b.name));
}

// The services of a project: those with containers, and those `config --services` lists that have none yet.
export type ServiceRow = {key: string; service: string; container?: ContainerRow};

export function serviceRows(project: ComposeProject, configured: readonly string[] | undefined): ServiceRow[] {
  const rows: ServiceRow[] = project.containers.map(container => ({
    key: container.id,
    service: container.compose?.service ?? '',
    container,
  }));
  const withContainers = new Set(rows.map(row => row.service));
  for (const service of configured ?? [])
    if (!withContainers.has(service)) rows.push({key: `service:${service}`, service});
  return rows.sort(
    (a, b) =>
      compareNatural(a.service, b.service) || (a.container?.compose?.number ?? 0) - (b.container?.compose?.number ?? 0),
  );
}
