// Whether node_modules carries every patch in patches/ as it is now. `npm install` applies them (patch-package, in
// the prepare script), but a checkout whose patches changed after its last install keeps the old files, and a
// build from it measures and tests code that no clone would run. Each hunk's result (its context and added lines)
// must appear in the patched file.
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export function stalePatches() {
  const stale = [];
  const dir = `${root}patches`;
  if (!existsSync(dir)) return stale;
  for (const name of readdirSync(dir).filter(n => n.endsWith('.patch'))) {
    for (const {file, results} of hunks(readFileSync(`${dir}/${name}`, 'utf8'))) {
      const path = `${root}${file}`;
      const text = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
      if (text === undefined || results.some(result => !text.includes(result))) stale.push(`${name}: ${file}`);
    }
  }
  return stale;
}

function hunks(patch) {
  const files = [];
  let current;
  let lines;
  const close = () => {
    if (lines?.length) current.results.push(lines.join('\n'));
    lines = undefined;
  };
  for (const line of patch.split('\n')) {
    if (line.startsWith('+++ b/')) {
      close();
      current = {file: line.slice(6), results: []};
      files.push(current);
    } else if (line.startsWith('@@') && current) {
      close();
      lines = [];
    } else if (lines && line.startsWith('diff --git')) {
      close();
    } else if (lines && (line.startsWith(' ') || line.startsWith('+'))) {
      lines.push(line.slice(1));
    } else if (lines && line.startsWith('\\')) {
      // "\ No newline at end of file"
    }
  }
  close();
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const stale = stalePatches();
  if (stale.length) {
    console.error(`node_modules does not carry the current patches (${stale.join(', ')}); run "npm install"`);
    process.exit(1);
  }
}
