import {execFileSync} from 'node:child_process';

// Whether `name` is a command the shell finds (on PATH, or a path that runs).
export function commandExists(name: string): boolean {
  try {
    execFileSync('sh', ['-c', 'command -v "$1"', 'sh', name], {stdio: 'ignore'});
    return true;
  } catch {
    return false;
  }
}
