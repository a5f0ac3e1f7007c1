import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

// Directories berth makes for the docker and compose processes it starts (the TLS files linked or copied under
// the names DOCKER_CERT_PATH wants): each is removed when berth exits, whatever the way (quit, a signal or a crash
// all end in process.exit, see terminal.ts), if it was not removed before. A copied key must not outlive berth.
const made = new Set<string>();
let hooked = false;

export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.add(dir);
  if (!hooked) {
    hooked = true;
    process.once('exit', removeAll);
  }
  return dir;
}

export function removeTempDir(dir: string): void {
  made.delete(dir);
  rmSync(dir, {recursive: true, force: true});
}

function removeAll(): void {
  for (const dir of made) {
    try {
      rmSync(dir, {recursive: true, force: true});
    } catch {
      // Exiting: nothing left to tell.
    }
  }
  made.clear();
}
