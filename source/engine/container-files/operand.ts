// One side of docker cp's arguments: CONTAINER:PATH, or a local path. As docker decides: a path that starts with
// "/" or "." (or has no colon) is local, so ./a:b names a local file with a colon.
export type CpOperand = {container: string; path: string} | {local: string};

export function parseOperand(arg: string): CpOperand {
  if (arg === '-' || arg.startsWith('/') || arg.startsWith('.')) return {local: arg};
  const colon = arg.indexOf(':');
  if (colon <= 0) return {local: arg};
  return {container: arg.slice(0, colon), path: arg.slice(colon + 1) || '/'};
}
