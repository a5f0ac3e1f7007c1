import {execFile} from 'node:child_process';

// How the tmux berth runs inside (when $TMUX is set) treats an application's OSC 52:
// - set-clipboard `on`: tmux takes it (a tmux buffer) and passes it to the outer terminal: the plain form works;
// - `external` (tmux's default) or `off`: tmux ignores it. Then only the passthrough form gets through, and only
//   with `allow-passthrough on` (tmux 3.3 and later), which is off by default too.
// So: plain when set-clipboard is on, wrapped for passthrough when it is not but passthrough is allowed, and
// otherwise plain anyway with a hint to set `set-clipboard on`.
export type TmuxClipboard = {setClipboard: string; passthrough: boolean};

function option(args: readonly string[]): Promise<string | undefined> {
  return new Promise(resolve => {
    // No shell; a tmux that hangs or is not there costs a second at most, and only the first copy.
    execFile('tmux', args, {timeout: 1000, encoding: 'utf8'}, (error, stdout) =>
      resolve(error ? undefined : stdout.trim()),
    );
  });
}

export async function readTmuxClipboard(): Promise<TmuxClipboard | undefined> {
  const [setClipboard, passthrough] = await Promise.all([
    option(['show-options', '-sv', 'set-clipboard']),
    option(['show-options', '-gwv', 'allow-passthrough']),
  ]);
  if (setClipboard === undefined) return undefined;
  return {setClipboard, passthrough: passthrough === 'on' || passthrough === 'all'};
}

export type Osc52Route = {wrap: boolean; hint?: string};

export function osc52Route(tmux: TmuxClipboard | undefined): Osc52Route {
  if (!tmux || tmux.setClipboard === 'on') return {wrap: false};
  if (tmux.passthrough) return {wrap: true};
  return {
    wrap: false,
    hint: `tmux ignores it (set-clipboard ${tmux.setClipboard}): run tmux set -g set-clipboard on`,
  };
}
