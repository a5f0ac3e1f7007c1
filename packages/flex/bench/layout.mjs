#!/usr/bin/env node
// Times the engine on screens shaped like berth's (a 200-row list of text cells beside a wrapping log pane) the
// way Ink drives it: a fresh tree laid out once, one text changed and the tree laid out again (a frame), the
// terminal resized. Given a git ref (`node bench/layout.mjs main`), that ref's engine runs the same screens,
// round by round in turn with this one, so that load from elsewhere on the machine falls on both alike; the
// medians and their ratio are printed. Both are bundled by esbuild, as berth's bundle is.
import {execFileSync} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {build} from 'esbuild';

const here = new URL('..', import.meta.url).pathname;
const ref = process.argv[2];
const rounds = Number(process.env.FLEX_BENCH_ROUNDS ?? 15);
const scratch = mkdtempSync(join(tmpdir(), 'flex-bench-'));

async function engine(name, sourceDir) {
  const outfile = join(scratch, `${name}.mjs`);
  await build({entryPoints: [join(sourceDir, 'yoga.ts')], bundle: true, format: 'esm', outfile, logLevel: 'warning'});
  return (await import(outfile)).default;
}

async function engineAt(gitRef) {
  const top = execFileSync('git', ['rev-parse', '--show-toplevel'], {cwd: here, encoding: 'utf8'}).trim();
  const prefix = execFileSync('git', ['rev-parse', '--show-prefix'], {cwd: here, encoding: 'utf8'}).trim();
  const dir = join(scratch, 'ref');
  const archive = join(scratch, 'ref.tar');
  writeFileSync(archive, execFileSync('git', ['archive', gitRef, `${prefix}source`], {cwd: top}));
  execFileSync('mkdir', ['-p', dir]);
  execFileSync('tar', ['-xf', archive, '-C', dir]);
  return engine('ref', join(dir, prefix, 'source'));
}

// Text measured as Ink measures it: the whole text when it fits, else wrapped at the width.
const measureText = holder => width => {
  const length = holder.text.length;
  if (Number.isNaN(width) || length <= width) return {width: length, height: 1};
  const w = Math.max(1, Math.floor(width));
  return {width: w, height: Math.ceil(length / w)};
};

function text(Y, content, width) {
  const node = Y.Node.create();
  node.setFlexShrink(1);
  node.setFlexDirection(Y.FLEX_DIRECTION_ROW);
  if (width !== undefined) node.setWidth(width);
  const holder = {text: content};
  node.setMeasureFunc(measureText(holder));
  return {node, holder};
}

function box(Y, direction, ...children) {
  const node = Y.Node.create();
  node.setFlexDirection(direction);
  node.setFlexShrink(1);
  for (const child of children) node.insertChild(child, node.getChildCount());
  return node;
}

// A list view with its log pane (berth's ListWithLogs): header, 200 rows of six cells, a bordered log pane of
// 60 wrapping lines, a footer.
function screen(Y) {
  const cells = [];
  const row = index => {
    const parts = [12, 24, undefined, 10, 8, 16].map((width, column) => {
      const cell = text(Y, `row ${index} column ${column} ${'x'.repeat((index * 7 + column) % 30)}`, width);
      if (width === undefined) cell.node.setFlexGrow(1);
      else cell.node.setMargin(Y.EDGE_END, 1);
      cells.push(cell);
      return cell.node;
    });
    return box(Y, Y.FLEX_DIRECTION_ROW, ...parts);
  };
  const list = box(Y, Y.FLEX_DIRECTION_COLUMN, ...Array.from({length: 200}, (_, index) => row(index)));
  list.setFlexGrow(1);
  const lines = Array.from({length: 60}, (_, index) => text(Y, `log line ${index} `.repeat(1 + (index % 9))));
  const logs = box(Y, Y.FLEX_DIRECTION_COLUMN, ...lines.map(line => line.node));
  logs.setWidthPercent(40);
  logs.setBorder(Y.EDGE_ALL, 1);
  logs.setPadding(Y.EDGE_HORIZONTAL, 1);
  const body = box(Y, Y.FLEX_DIRECTION_ROW, list, logs);
  body.setFlexGrow(1);
  const root = box(Y, Y.FLEX_DIRECTION_COLUMN, row(200), body, text(Y, 'footer').node);
  root.setWidth(160);
  return {root, cells: [...cells, ...lines]};
}

// CPU milliseconds this process spent (its threads, the collector's included): on a machine shared with other
// work, time spent waiting for a core is not the engine's.
const cpuNow = () => {
  const {user, system} = process.cpuUsage();
  return (user + system) / 1000;
};

// Milliseconds per layout, for each way Ink lays a screen out.
function round(Y) {
  const times = {};
  const time = (name, count, run) => {
    const start = cpuNow();
    for (let i = 0; i < count; i++) run(i);
    times[name] = (cpuNow() - start) / count;
  };
  // Built one at a time, as Ink builds a tree and then lays it out; the building is not timed.
  let fresh = 0;
  for (let i = 0; i < 5; i++) {
    const {root} = screen(Y);
    const start = cpuNow();
    root.calculateLayout(undefined, undefined, Y.DIRECTION_LTR);
    fresh += cpuNow() - start;
  }
  times['fresh tree'] = fresh / 5;
  const {root, cells} = screen(Y);
  root.calculateLayout(undefined, undefined, Y.DIRECTION_LTR);
  time('frame (one text changed)', 200, i => {
    const cell = cells[(i * 37) % cells.length];
    cell.holder.text = `${cell.holder.text.slice(1)}${i % 10}`;
    cell.node.markDirty();
    root.calculateLayout(undefined, undefined, Y.DIRECTION_LTR);
  });
  time('resize', 40, i => {
    root.setWidth(i % 2 === 0 ? 120 : 160);
    root.calculateLayout(undefined, undefined, Y.DIRECTION_LTR);
  });
  return times;
}

// The fastest round says what the code costs (what other processes took from it only ever adds); the median is
// printed beside it for how steady the rounds were.
const sorted = values => [...values].sort((a, b) => a - b);
const stats = values => ({min: sorted(values)[0], median: sorted(values)[Math.floor(values.length / 2)]});

try {
  const engines = {current: await engine('current', join(here, 'source'))};
  if (ref) engines[ref] = await engineAt(ref);
  const samples = Object.fromEntries(Object.keys(engines).map(name => [name, []]));
  for (const Y of Object.values(engines)) for (let i = 0; i < 3; i++) round(Y); // warm up
  for (let i = 0; i < rounds; i++) for (const [name, Y] of Object.entries(engines)) samples[name].push(round(Y));
  const names = Object.keys(engines);
  console.log(`${rounds} rounds, CPU ms per layout: fastest round (median round)`);
  console.log(['', ...names, ...(ref ? ['current / ref, fastest (median)'] : [])].join('\t'));
  for (const scenario of Object.keys(samples.current[0])) {
    const each = names.map(name => stats(samples[name].map(times => times[scenario])));
    const percent = (a, b) => `${((a / b) * 100).toFixed(1)} %`;
    const ratio = ref ? [`${percent(each[0].min, each[1].min)} (${percent(each[0].median, each[1].median)})`] : [];
    const cells = each.map(({min, median}) => `${min.toFixed(3)} (${median.toFixed(3)})`);
    console.log([scenario, ...cells, ...ratio].join('\t'));
  }
} finally {
  rmSync(scratch, {recursive: true, force: true});
}
