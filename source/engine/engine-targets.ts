import {UsageError, errorMessage} from '../errors.js';
import {listContexts} from './contexts.js';
import {resolveEngineTarget, type ConnectionFlags, type EngineTarget} from './target.js';

// Several engines at once: `--context A --context B`, `--all-contexts`, or `contexts:` (or `engines:`) in the
// config file. Each becomes one target, named by its context; one that cannot be resolved (a context whose TLS
// files are gone) is a problem to report, never a reason to leave the others out.
export type EngineSelection = {
  // At least one: a selection with none is refused as a usage error.
  targets: readonly [EngineTarget, ...EngineTarget[]];
  // One line each (thing, reason, fix) for contexts left out.
  problems: string[];
  // --all-contexts: an engine that does not answer is expected (it is left out, not an error).
  everyContext?: boolean;
};

export type SelectionFlags = ConnectionFlags & {contexts: readonly string[]; allContexts: boolean};

export function wantsSeveral(flags: SelectionFlags): boolean {
  return flags.allContexts || flags.contexts.length > 1;
}

export function resolveEngineTargets(
  flags: SelectionFlags,
  env: NodeJS.ProcessEnv,
  configContexts: readonly string[] = [],
): EngineSelection {
  if ((flags.allContexts || flags.contexts.length) && flags.host) {
    throw new UsageError('--host and --context both given: choose one (the context names its own host)');
  }
  if (flags.allContexts && flags.contexts.length) {
    throw new UsageError(
      '--all-contexts and --context both given: choose one (--all-contexts already means every context)',
    );
  }
  let names: string[];
  if (flags.allContexts) {
    names = listContexts(env).map(context => context.name);
    if (!names.length)
      throw new UsageError(
        'docker contexts: none found for --all-contexts; create some with docker context create, or name engines with --context',
      );
  } else if (flags.contexts.length > 1) names = [...flags.contexts];
  else if (!flags.contexts.length && !flags.host && !env.DOCKER_HOST && !env.DOCKER_CONTEXT && configContexts.length)
    names = [...configContexts];
  else return {targets: [resolveEngineTarget({...flags, context: flags.contexts[0]}, env)], problems: []};
  const unique = [...new Set(names)];
  const targets: EngineTarget[] = [];
  const problems: string[] = [];
  for (const name of unique) {
    try {
      targets.push(resolveEngineTarget({context: name}, {...env, DOCKER_HOST: undefined}));
    } catch (error) {
      // Named explicitly once: the same clear line as with one engine, before the UI starts.
      if (unique.length === 1) throw error;
      problems.push(errorMessage(error));
    }
  }
  const [first, ...others] = targets;
  if (!first) throw new UsageError(`no engine to connect to: ${problems.join('; ')}`);
  return {targets: [first, ...others], problems, everyContext: flags.allContexts};
}
