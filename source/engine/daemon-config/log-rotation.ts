import {JSON_FILE_OPTS, jsonFileOptProblems} from './log-opts.js';

export type LogRotationRequest = {maxSize: string; maxFile: string; compress: boolean};

export type LogRotationMerge = {
  settings: Record<string, unknown>;
  // What changed beyond the two keys asked for (a driver replaced, options dropped).
  notes: string[];
  // Reasons dockerd would refuse the result (or fail every container start); nothing is written when present.
  problems: string[];
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// Every other key of daemon.json stays as it was, in its place; log-opts of json-file (labels, tag, …) stay too.
export function mergeLogRotation(settings: Record<string, unknown>, request: LogRotationRequest): LogRotationMerge {
  const notes: string[] = [];
  const problems: string[] = [];
  const previousDriver = settings['log-driver'];
  const previousOpts = settings['log-opts'];
  if (previousOpts !== undefined && !isObject(previousOpts)) {
    problems.push(`"log-opts" is ${JSON.stringify(previousOpts)}, not an object of strings; fix it by hand first`);
  }
  const kept: Record<string, unknown> = {};
  if (isObject(previousOpts)) {
    const sameDriver = previousDriver === undefined || previousDriver === 'json-file';
    for (const [key, value] of Object.entries(previousOpts)) {
      if ((JSON_FILE_OPTS as readonly string[]).includes(key)) kept[key] = value;
      else if (!sameDriver)
        notes.push(
          `log opt "${key}" belonged to the ${typeof previousDriver === 'string' ? previousDriver : JSON.stringify(previousDriver)} driver and is dropped (json-file does not know it)`,
        );
      else kept[key] = value;
    }
  }
  if (previousDriver !== undefined && previousDriver !== 'json-file') {
    notes.push(`"log-driver" was ${JSON.stringify(previousDriver)}; json-file replaces it for new containers`);
  }
  const opts: Record<string, unknown> = {...kept, 'max-size': request.maxSize, 'max-file': request.maxFile};
  if (request.compress) opts.compress = 'true';
  problems.push(...jsonFileOptProblems(opts));
  const next: Record<string, unknown> = {...settings, 'log-driver': 'json-file', 'log-opts': opts};
  return {settings: next, notes, problems};
}
