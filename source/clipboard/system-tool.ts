import {spawn} from 'node:child_process';
import {accessSync, constants} from 'node:fs';
import {delimiter, join} from 'node:path';

export type ClipboardTool = {program: string; path: string; args: readonly string[]};

// The desktop's own clipboard, where there is a desktop: pbcopy on macOS, wl-copy under Wayland, xclip under X11
// (also an X display forwarded over SSH). Without a display these tools fail or hang, so they are not tried.
const CANDIDATES: readonly {program: string; args: readonly string[]; needs: (env: NodeJS.ProcessEnv) => boolean}[] = [
  {program: 'pbcopy', args: [], needs: () => process.platform === 'darwin'},
  {program: 'wl-copy', args: [], needs: env => Boolean(env.WAYLAND_DISPLAY)},
  {program: 'xclip', args: ['-selection', 'clipboard', '-in'], needs: env => Boolean(env.DISPLAY)},
];

function onPath(program: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const path = join(dir, program);
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // not here
    }
  }
  return undefined;
}

export function findClipboardTool(env: NodeJS.ProcessEnv = process.env): ClipboardTool | undefined {
  for (const candidate of CANDIDATES) {
    if (!candidate.needs(env)) continue;
    const path = onPath(candidate.program, env);
    if (path) return {program: candidate.program, path, args: candidate.args};
  }
  return undefined;
}

const TOOL_TIMEOUT_MS = 5000;

// Gives the text to the tool on its stdin, without a shell, and never makes the UI wait: the promise says how it
// went when the tool is done (xclip and wl-copy stay behind to serve the selection, as a forked child of their own).
export function copyWithTool(tool: ClipboardTool, text: string): Promise<string | undefined> {
  return new Promise(resolve => {
    let settled = false;
    const done = (error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(error);
    };
    const child = spawn(tool.path, tool.args, {stdio: ['pipe', 'ignore', 'ignore']});
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      done(`${tool.program} did not finish within ${TOOL_TIMEOUT_MS / 1000} s`);
    }, TOOL_TIMEOUT_MS);
    timer.unref();
    child.on('error', error => done(`${tool.program}: ${error.message}`));
    child.on('exit', (code, signal) =>
      done(code === 0 ? undefined : `${tool.program} ${signal ? `was killed by ${signal}` : `exited ${code}`}`),
    );
    child.stdin.on('error', () => undefined);
    child.stdin.end(text);
  });
}
