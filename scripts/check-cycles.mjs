#!/usr/bin/env node
// Fails when a source file imports in a circle (static, dynamic and type-only imports alike): the layers are
// engine/registry/text ← store ← views ← ui, and a circle means a file reaches back up.
import {readdirSync, readFileSync, statSync} from 'node:fs';
import {dirname, join, relative, resolve} from 'node:path';

const root = resolve(process.argv[2] ?? 'source');
const files = [];
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) files.push(path);
  }
})(root);

const known = new Set(files);
const specifiers = /(?:^|[^.\w])(?:import|export)\s*(?:type\s+)?(?:[^'";]*?\sfrom\s*)?\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const graph = new Map();
for (const file of files) {
  const text = readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, '');
  const targets = new Set();
  for (const match of text.matchAll(specifiers)) {
    const base = resolve(dirname(file), match[1]).replace(/\.js$/, '');
    const target = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(candidate => known.has(candidate));
    if (target) targets.add(target);
  }
  graph.set(file, [...targets]);
}

// Tarjan's strongly connected components: any component with more than one file (or a self-import) is a circle.
let index = 0;
const stack = [];
const info = new Map();
const circles = [];
function connect(node) {
  info.set(node, {index, low: index, onStack: true});
  index++;
  stack.push(node);
  for (const next of graph.get(node)) {
    if (!info.has(next)) {
      connect(next);
      info.get(node).low = Math.min(info.get(node).low, info.get(next).low);
    } else if (info.get(next).onStack) info.get(node).low = Math.min(info.get(node).low, info.get(next).index);
  }
  if (info.get(node).low === info.get(node).index) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      info.get(member).onStack = false;
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node).includes(node)) circles.push(component);
  }
}
for (const file of files) if (!info.has(file)) connect(file);

if (circles.length) {
  for (const circle of circles)
    console.error(
      `import circle: ${circle
        .map(f => relative(process.cwd(), f))
        .sort()
        .join(' ↔ ')}`,
    );
  console.error(
    `${circles.length} import circle${circles.length === 1 ? '' : 's'} in ${relative(process.cwd(), root) || '.'}: break them (the layers: engine ← store ← views ← ui)`,
  );
  process.exit(1);
}
console.log(`no import circles (${files.length} files)`);
