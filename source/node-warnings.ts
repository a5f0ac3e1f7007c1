// Node 24 warns on every url.parse() call (DEP0169, a runtime deprecation since Node 24), and docker-modem 5.0.7
// (the newest) calls it for each request to a TCP engine: the warning would land on stderr in the middle of the
// UI and after every headless command. It says nothing a berth user can act on, so that one warning is dropped;
// every other warning still reaches stderr.
const QUIET = new Set(['DEP0169']);

export function quietDependencyWarnings(): void {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with .call(this), its own receiver
  const emitWarning = process.emitWarning;
  process.emitWarning = function (this: NodeJS.Process, warning: string | Error, ...rest: unknown[]): void {
    const [typeOrOptions, code] = rest;
    const warningCode =
      (warning instanceof Error ? (warning as Error & {code?: string}).code : undefined) ??
      (typeof typeOrOptions === 'object' && typeOrOptions
        ? (typeOrOptions as {code?: string}).code
        : typeof code === 'string'
          ? code
          : undefined);
    if (warningCode && QUIET.has(warningCode)) return;
    return (emitWarning as (...args: unknown[]) => void).call(this, warning, ...rest);
  };
}
