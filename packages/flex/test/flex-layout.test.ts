/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-argument, @typescript-eslint/restrict-template-expressions --
   the test drives two engines (yoga and berth's) by setter names chosen at random: their nodes are typed loosely on purpose. */
// berth's flexbox engine (this package) against yoga itself: the same random trees of boxes and text, built
// in both through the calls Ink makes, must lay out to the same cells — every node's left, top, width, height,
// padding and border. The real yoga is imported by its path (berth's vitest.config.ts points `yoga-layout` at this package).
import {describe, expect, it} from 'vitest';
import RealYoga from '../../../node_modules/yoga-layout/dist/src/index.js';
import Flex from '../source/yoga.js';
import {seeded as random} from './seeded.js';
import {at} from './at.js';

type AnyNode = {
  insertChild(child: AnyNode, index: number): void;
  getChildCount(): number;
  calculateLayout(width?: number, height?: number, direction?: number): void;
  getComputedLeft(): number;
  getComputedTop(): number;
  getComputedWidth(): number;
  getComputedHeight(): number;
  getComputedPadding(edge: number): number;
  getComputedBorder(edge: number): number;
  [setter: string]: any;
};
type Engine = {Node: {create(): AnyNode}} & Record<string, any>;

// A call on a node: a method and its arguments; an argument in capitals names one of the engine's constants.
type Op = [method: string, ...args: Array<number | string>];
type Spec = {ops: Op[]; text?: {words: number[]; mode: 'wrap' | 'truncate'}; children: Spec[]};

// Text measured the way Ink's measureTextNode does: the whole text when it fits, else wrapped (or cut) to the width.
function measure(text: {words: number[]; mode: 'wrap' | 'truncate'}) {
  const full = text.words.reduce((sum, word) => sum + word, 0) + text.words.length - 1;
  return (width: number) => {
    if (full <= width || Number.isNaN(width)) return {width: full, height: 1};
    if (full >= 1 && width > 0 && width < 1) return {width: full, height: 1};
    if (text.mode === 'truncate') return {width: Math.max(0, Math.floor(width)), height: 1};
    let lines = 1;
    let line = 0;
    let widest = 0;
    for (const word of text.words) {
      const piece = Math.min(word, Math.max(1, Math.floor(width)));
      if (line > 0 && line + 1 + piece > width) {
        widest = Math.max(widest, line);
        lines++;
        line = piece;
      } else {
        line += (line > 0 ? 1 : 0) + piece;
      }
    }
    return {width: Math.max(widest, line), height: lines};
  };
}

function pick<T>(r: () => number, values: readonly T[]): T {
  return at(values, Math.floor(r() * values.length));
}

// Every call Ink 6.8's styles.js makes on a box, with the values it passes (margins left and right are
// EDGE_START and EDGE_END there; paddings left and right are EDGE_LEFT and EDGE_RIGHT; an unset flexBasis is NaN).
function styleOp(r: () => number, depth: number): Op {
  const edge = () => Math.floor(r() * 9); // left, top, right, bottom, start, end, horizontal, vertical, all
  const small = () => Math.floor(r() * 4);
  switch (Math.floor(r() * 22)) {
    case 0:
      return ['setWidth', Math.floor(r() * (r() < 0.2 ? 200 : 60))];
    case 1:
      return ['setWidthPercent', Math.floor(r() * 120)];
    case 2:
      return ['setHeight', Math.floor(r() * (r() < 0.2 ? 60 : 12))];
    case 3:
      return ['setHeightPercent', Math.floor(r() * 120)];
    case 4:
      return ['setFlexGrow', pick(r, [0, 1, 2, 0.5, 0.3, 3])];
    case 5:
      return ['setFlexShrink', pick(r, [0, 1, 2, 0.5, 3])];
    case 6:
      return ['setJustifyContent', Math.floor(r() * 6)];
    case 7:
      return ['setAlignItems', pick(r, [1, 2, 3, 4])];
    case 8:
      return ['setAlignSelf', pick(r, [0, 1, 2, 3, 4])];
    case 9:
      return ['setMargin', edge(), small()];
    case 10:
      return ['setPadding', edge(), small()];
    case 11:
      return ['setBorder', pick(r, [0, 1, 2, 3]), pick(r, [1, 1, 0])];
    case 12:
      return r() < 0.5 ? ['setMinWidth', Math.floor(r() * 30)] : ['setMinWidthPercent', Math.floor(r() * 110)];
    case 13:
      return r() < 0.5 ? ['setMinHeight', Math.floor(r() * 8)] : ['setMinHeightPercent', Math.floor(r() * 110)];
    case 14:
      return ['setGap', pick(r, ['GUTTER_ALL', 'GUTTER_COLUMN', 'GUTTER_ROW']), small()];
    case 15:
      return r() < 0.5 ? ['setFlexBasis', Math.floor(r() * 40)] : ['setFlexBasisPercent', Math.floor(r() * 110)];
    case 16:
      return ['setFlexBasis', Number.NaN];
    case 17:
      return pick(r, [['setWidthAuto'], ['setHeightAuto']] as Op[]);
    case 18:
      return [
        'setFlexDirection',
        pick(r, [
          'FLEX_DIRECTION_ROW',
          'FLEX_DIRECTION_COLUMN',
          'FLEX_DIRECTION_ROW_REVERSE',
          'FLEX_DIRECTION_COLUMN_REVERSE',
        ]),
      ];
    case 19:
      return ['setPositionType', pick(r, ['POSITION_TYPE_RELATIVE', 'POSITION_TYPE_ABSOLUTE', 'POSITION_TYPE_STATIC'])];
    case 20:
      return depth > 0 ? ['setDisplay', pick(r, ['DISPLAY_NONE', 'DISPLAY_FLEX'])] : ['setFlexWrap', 'WRAP_NO_WRAP'];
    default:
      return ['setMargin', pick(r, ['EDGE_START', 'EDGE_END']), small()];
  }
}

function boxOps(r: () => number, depth: number): Op[] {
  // Ink's <Box> defaults first.
  const ops: Op[] = [
    ['setFlexWrap', 'WRAP_NO_WRAP'],
    ['setFlexDirection', pick(r, ['FLEX_DIRECTION_ROW', 'FLEX_DIRECTION_ROW', 'FLEX_DIRECTION_COLUMN'])],
    ['setFlexGrow', 0],
    ['setFlexShrink', 1],
  ];
  if (r() < 0.4) ops.push(['setWidth', Math.floor(r() * 60)]);
  if (r() < 0.3) ops.push(['setHeight', Math.floor(r() * 12)]);
  const count = Math.floor(r() * r() * 12);
  for (let i = 0; i < count; i++) ops.push(styleOp(r, depth));
  return ops;
}

function tree(r: () => number, depth: number): Spec {
  if (depth > 0 && r() < 0.35) {
    const words = Array.from({length: 1 + Math.floor(r() * 6)}, () => 1 + Math.floor(r() * 9));
    // Ink's <Text> defaults.
    const ops: Op[] = [
      ['setFlexGrow', 0],
      ['setFlexShrink', 1],
      ['setFlexDirection', 'FLEX_DIRECTION_ROW'],
    ];
    return {ops, text: {words, mode: r() < 0.5 ? 'wrap' : 'truncate'}, children: []};
  }
  const count = depth >= 4 ? 0 : Math.floor(r() * 5);
  return {ops: boxOps(r, depth), children: Array.from({length: count}, () => tree(r, depth + 1))};
}

function build(engine: Engine, spec: Spec): AnyNode {
  const node = engine.Node.create();
  for (const [method, ...args] of spec.ops) {
    node[method](...args.map(arg => (typeof arg === 'string' ? engine[arg] : arg)));
  }
  if (spec.text) node.setMeasureFunc(measure(spec.text));
  for (const child of spec.children) node.insertChild(build(engine, child), node.getChildCount());
  return node;
}

function describeSpec(spec: Spec, path = 'root'): string[] {
  const ops = spec.ops.map(([method, ...args]) => `${method}(${args.join(',')})`).join(' ');
  const own = `${path}: ${spec.text ? `text ${spec.text.mode} [${spec.text.words}] ` : ''}${ops}`;
  return [own, ...spec.children.flatMap((child, index) => describeSpec(child, `${path}.${index}`))];
}

function layoutOf(node: AnyNode, spec: Spec, path = 'root'): string[] {
  const edges = [0, 1, 2, 3].map(edge => `${node.getComputedPadding(edge)}/${node.getComputedBorder(edge)}`).join(' ');
  const own = `${path}: ${node.getComputedLeft()},${node.getComputedTop()} ${node.getComputedWidth()}x${node.getComputedHeight()} ${edges}`;
  return [own, ...spec.children.flatMap((child, index) => layoutOf(node.getChild(index), child, `${path}.${index}`))];
}

type Case = {spec: Spec; width: number; height: number | undefined};

function randomCase(seed: number): Case {
  const r = random(seed);
  const spec = tree(r, 0);
  // The root as Ink sets it up: the terminal's width, the height left to the content (or fixed, sometimes).
  const width = 20 + Math.floor(r() * 120);
  const height = r() < 0.3 ? 5 + Math.floor(r() * 40) : undefined;
  return {spec, width, height};
}

function layouts({spec, width, height}: Case) {
  const layOut = (engine: Engine) => {
    const root = build(engine, spec);
    root.setWidth(width);
    if (height !== undefined) root.setHeight(height);
    root.calculateLayout(undefined, undefined, engine.DIRECTION_LTR);
    return layoutOf(root, spec);
  };
  return {yoga: layOut(RealYoga as Engine), flex: layOut(Flex)};
}

const differs = (c: Case): boolean => {
  const {yoga, flex} = layouts(c);
  return yoga.some((line, index) => line !== flex[index]);
};

// For reading a failure: drop subtrees and calls for as long as the two engines still disagree.
function minimize(c: Case): Case {
  const clone = (spec: Spec): Spec => ({...spec, ops: [...spec.ops], children: spec.children.map(clone)});
  let best = clone(c.spec);
  let progress = true;
  while (progress) {
    progress = false;
    const nodes: Spec[] = [];
    const walk = (spec: Spec) => {
      nodes.push(spec);
      spec.children.forEach(walk);
    };
    walk(best);
    for (const node of nodes) {
      for (let i = node.children.length - 1; i >= 0; i--) {
        const removed = node.children.splice(i, 1);
        if (differs({...c, spec: best})) progress = true;
        else node.children.splice(i, 0, ...removed);
      }
      for (let i = node.ops.length - 1; i >= 0; i--) {
        const removed = node.ops.splice(i, 1);
        if (differs({...c, spec: best})) progress = true;
        else node.ops.splice(i, 0, ...removed);
      }
    }
    best = clone(best);
  }
  return {...c, spec: best};
}

// A failing seed, reduced to the nodes and calls that still make the two engines differ, both layouts side by side.
function explain(seed: number): string {
  const small = minimize(randomCase(seed));
  const {yoga, flex} = layouts(small);
  const rows = yoga.map((line, index) => `${line === flex[index] ? '  ' : '≠ '}${line}   |   ${flex[index]}`);
  return [
    `seed ${seed}, reduced: root width ${small.width} height ${small.height}`,
    ...describeSpec(small.spec),
    'yoga | flex:',
    ...rows,
  ].join('\n');
}

describe('berth flex layout against yoga', () => {
  const seeds = Number(process.env.FLEX_SEEDS ?? 3000);
  // FLEX_FIRST_SEED and FLEX_SEEDS run any range of seeds (about 6 ms a tree); the timeout grows with it.
  it('lays out 3,000 random trees of boxes and text exactly as yoga does', {timeout: 30_000 + seeds * 100}, () => {
    expect(RealYoga.Node).not.toBe(Flex.Node); // the alias must not reach the by-path import
    const failures: string[] = [];
    for (let seed = Number(process.env.FLEX_FIRST_SEED ?? 1); seed <= seeds && failures.length < 5; seed++) {
      const {yoga, flex} = layouts(randomCase(seed));
      const diff = yoga.findIndex((line, index) => line !== flex[index]);
      if (diff !== -1)
        failures.push(failures.length === 0 ? explain(seed) : `seed ${seed}: yoga ${yoga[diff]} / flex ${flex[diff]}`);
    }
    expect(failures).toEqual([]);
  });

  const frameSeeds = Number(process.env.FLEX_FRAME_SEEDS ?? 600);
  it(
    'keeps laying out as yoga does while the tree changes between frames (its caches kept)',
    {
      timeout: 30_000 + frameSeeds * 200,
    },
    () => {
      const failures: string[] = [];
      for (let seed = 1; seed <= frameSeeds && failures.length < 5; seed++) {
        const c = randomCase(seed);
        const r = random(seed * 7919);
        // The same changes, drawn once, applied to both trees: a text that changes (and is marked dirty, as Ink
        // does), a width that changes, a child removed, a child added.
        const texts: Array<{words: number[]; mode: 'wrap' | 'truncate'}> = [];
        const collect = (spec: Spec) => {
          if (spec.text) texts.push(spec.text);
          spec.children.forEach(collect);
        };
        collect(c.spec);
        const frames = Array.from({length: 3}, () => ({
          text: Math.floor(r() * Math.max(texts.length, 1)),
          words: Array.from({length: 1 + Math.floor(r() * 6)}, () => 1 + Math.floor(r() * 9)),
          width: r() < 0.5 ? Math.floor(r() * 50) : undefined,
          resize: r() < 0.3 ? 20 + Math.floor(r() * 120) : undefined, // the terminal resized
          hide: r() < 0.2 ? Math.floor(r() * 1000) : undefined, // Ink hides and shows (Suspense)
          remove: r() < 0.3,
          add: r() < 0.3 ? tree(r, 2) : undefined,
          at: r(),
          // A style changed (Ink sets only what changed).
          restyle: r() < 0.5 ? {box: Math.floor(r() * 1000), op: styleOp(r, 1)} : undefined,
        }));
        const runs = [RealYoga as Engine, Flex as unknown as Engine].map(engine => {
          const state = texts.map(text => ({...text}));
          // The test's own record of the tree (yoga's getChild gives a new wrapper each time, so nodes are not compared).
          type Entry = {
            node: AnyNode;
            spec: Spec;
            text?: {words: number[]; mode: 'wrap' | 'truncate'};
            children: Entry[];
          };
          const nodes: Entry[] = [];
          const entries = new Map<AnyNode, Entry>();
          const make = (spec: Spec): AnyNode => {
            const node = engine.Node.create();
            for (const [method, ...args] of spec.ops)
              node[method](...args.map(arg => (typeof arg === 'string' ? engine[arg] : arg)));
            let text;
            if (spec.text) {
              text = state[texts.indexOf(spec.text)] ?? {...spec.text};
              const holder = text;
              node.setMeasureFunc((width: number) => measure(holder)(width));
            }
            const entry: Entry = {node, spec, text, children: []};
            nodes.push(entry);
            entries.set(node, entry);
            for (const child of spec.children) {
              const made = make(child);
              node.insertChild(made, node.getChildCount());
              entry.children.push(entries.get(made)!);
            }
            return node;
          };
          const root = make(c.spec);
          root.setWidth(c.width);
          if (c.height !== undefined) root.setHeight(c.height);
          const dump = () => {
            const out: string[] = [];
            const walk = (node: AnyNode, path: string) => {
              const edges = [0, 1, 2, 3]
                .map(edge => `${node.getComputedPadding(edge)}/${node.getComputedBorder(edge)}`)
                .join(' ');
              out.push(
                `${path}: ${node.getComputedLeft()},${node.getComputedTop()} ${node.getComputedWidth()}x${node.getComputedHeight()} ${edges}`,
              );
              for (let i = 0; i < node.getChildCount(); i++) walk(node.getChild(i), `${path}.${i}`);
            };
            walk(root, 'root');
            return out;
          };
          root.calculateLayout(undefined, undefined, engine.DIRECTION_LTR);
          const results = [dump()];
          for (const frame of frames) {
            const textNode = nodes.filter(entry => entry.text)[frame.text];
            if (textNode) {
              textNode.text!.words = frame.words;
              textNode.node.markDirty();
            }
            const boxes = nodes.filter(entry => !entry.text && entry.node !== root);
            if (frame.width !== undefined && boxes.length > 0)
              at(boxes, frame.width % boxes.length).node.setWidth(frame.width);
            if (frame.resize !== undefined) root.setWidth(frame.resize);
            if (frame.restyle && boxes.length > 0) {
              const [method, ...args] = frame.restyle.op;
              at(boxes, frame.restyle.box % boxes.length).node[method](
                ...args.map(arg => (typeof arg === 'string' ? engine[arg] : arg)),
              );
            }
            if (frame.hide !== undefined && boxes.length > 0) {
              const box = at(boxes, frame.hide % boxes.length).node;
              box.setDisplay(box.getDisplay() === engine.DISPLAY_NONE ? engine.DISPLAY_FLEX : engine.DISPLAY_NONE);
            }
            const top = entries.get(root)!;
            if (frame.remove && top.children.length > 0) {
              const child = top.children.pop()!;
              const gone = new Set<Entry>();
              const walk = (entry: Entry) => {
                gone.add(entry);
                entry.children.forEach(walk);
              };
              walk(child);
              root.removeChild(child.node);
              // As Ink's reconciler does; the freed nodes are never touched again.
              child.node.unsetMeasureFunc();
              child.node.freeRecursive();
              nodes.splice(0, nodes.length, ...nodes.filter(entry => !gone.has(entry)));
            }
            if (frame.add) {
              const at = Math.floor(frame.at * (top.children.length + 1));
              const made = make(frame.add);
              root.insertChild(made, at);
              top.children.splice(at, 0, entries.get(made)!);
            }
            root.calculateLayout(undefined, undefined, engine.DIRECTION_LTR);
            results.push(dump());
          }
          return results;
        });
        const [yoga, flex] = runs as [string[][], string[][]];
        for (const [frame, lines] of yoga.entries()) {
          const flexLines = at(flex, frame); // both engines ran the same frames
          const diff =
            lines.length === flexLines.length
              ? lines.findIndex((line, index) => line !== flexLines[index])
              : lines.length;
          if (diff !== -1) {
            failures.push(`seed ${seed} frame ${frame}: yoga ${lines[diff]} / flex ${flexLines[diff]}`);
            break;
          }
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it('refuses what it does not lay out as yoga does, naming it, in every setter Ink 6.8 and Ink 7 call', () => {
    const refused: Array<[(node: AnyNode) => void, RegExp]> = [
      [node => node.setFlexWrap(Flex.WRAP_WRAP), /flexWrap/],
      [node => node.setFlexWrap(Flex.WRAP_WRAP_REVERSE), /flexWrap/],
      [node => node.setPosition(Flex.EDGE_TOP, 1), /insets/],
      [node => node.setPositionPercent(Flex.EDGE_LEFT, 10), /insets/],
      [node => node.setAlignItems(Flex.ALIGN_BASELINE), /baseline/],
      [node => node.setAlignSelf(Flex.ALIGN_BASELINE), /baseline/],
      [node => node.setAspectRatio(2), /aspectRatio/],
      [node => node.setMaxWidth(10), /maxWidth/],
      [node => node.setMaxWidthPercent(50), /maxWidth/],
      [node => node.setMaxHeight(10), /maxHeight/],
      [node => node.setMaxHeightPercent(50), /maxHeight/],
      [node => node.setMargin(Flex.EDGE_ALL, 'auto'), /auto margins/],
      [node => node.setMarginPercent(Flex.EDGE_ALL, 5), /percent margins/],
      [node => node.setPaddingPercent(Flex.EDGE_ALL, 5), /percent paddings/],
      [node => node.setDisplay(Flex.DISPLAY_CONTENTS), /contents/],
      [node => node.setDirection(Flex.DIRECTION_RTL), /right-to-left/],
      [node => node.calculateLayout(10, 10, Flex.DIRECTION_RTL), /right-to-left/],
    ];
    for (const [call, message] of refused) {
      const node = Flex.Node.create() as unknown as AnyNode;
      let error: unknown;
      try {
        call(node);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(TypeError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).toMatch(/berth's layout engine/);
    }
    // Ink 7 passes unset styles through the same setters: a reset is no use of the feature.
    const node = Flex.Node.create();
    node.setPosition(Flex.EDGE_TOP, undefined);
    node.setAspectRatio(undefined);
    node.setMaxWidth(undefined);
    node.setMaxHeightPercent(undefined);
    node.setAlignContent(Flex.ALIGN_FLEX_START);
    node.setPositionType(Flex.POSITION_TYPE_STATIC);
    node.setPositionType(Flex.POSITION_TYPE_ABSOLUTE);
    node.setFlexBasisPercent(50);
    node.setFlexBasisAuto();
  });
});
