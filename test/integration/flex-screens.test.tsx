// berth's screens laid out by both engines: the app runs against the bench with every Ink node a pair (the real
// yoga's and berth's flexbox engine's, test/helpers/dual-yoga.ts), so each layout of each frame is made by both
// from the same calls, at the same instant, with the same data (no live field can differ between them). Every
// layout must agree node by node, and at each screen the frame Ink draws from yoga's layout must be the frame
// it draws from berth's, character for character — each view, overlay, dialog and the log pane, at 80x24 and
// 200x60.
import {appendFileSync} from 'node:fs';
import {renderSized} from '../helpers/ink-streams.js';
import {afterEach, describe, expect, test, vi} from 'vitest';
import instances from '../../node_modules/ink/build/instances.js';
import renderer from '../../node_modules/ink/build/renderer.js';
import {connectEngine} from '../../source/engine/client.js';
import {EngineSession} from '../../source/engine/session.js';
import {resolveEngineTarget} from '../../source/engine/target.js';
import {Controller} from '../../source/ui/controller.js';
import {benchEnv} from '../helpers/bench.js';
import {dual} from '../helpers/dual-yoga.js';

vi.mock('../../packages/flex/source/yoga.js', () => import('../helpers/dual-yoga.js'));

// Keys to press from the containers list, and a text the screen shows once reached; each step ends where it began.
type Step = {name: string; keys: string[]; shows: RegExp};
const ESC = '\x1b';
const STEPS: Step[] = [
  {name: 'containers', keys: ['1'], shows: /NAME\s+STATUS/},
  {name: 'help overlay', keys: ['?'], shows: /help/i},
  {name: 'help filtered', keys: ['/', 'l', 'o', 'g'], shows: /log/},
  {name: 'back from help', keys: [ESC, ESC, ESC], shows: /NAME\s+STATUS/},
  {name: 'command line', keys: [':'], shows: /:/},
  {name: 'command typed', keys: ['l', 'o', 'g', 's'], shows: /: ?logs/},
  {name: 'command cancelled', keys: [ESC], shows: /NAME\s+STATUS/},
  {name: 'filter', keys: ['/', 'b', 'e', 'n', 'c', 'h', '\r'], shows: /filter: bench/},
  {name: 'marked', keys: [' ', ' '], shows: /NAME\s+STATUS/},
  {name: 'running only', keys: ['a'], shows: /running only/},
  {name: 'size and CPU columns', keys: ['z', 'u'], shows: /NAME\s+STATUS/},
  {name: 'columns back', keys: ['z', 'u', 'a', ESC, ESC], shows: /NAME\s+STATUS/},
  {name: 'inspect dialog', keys: ['i'], shows: /inspect [\s\S]*restart policy/},
  {name: 'inspect scrolled', keys: ['j', 'j', '\x04'], shows: /./},
  {name: 'inspect closed', keys: [ESC], shows: /NAME\s+STATUS/},
  {name: 'environment dialog', keys: ['v'], shows: /=|PATH|environment/i},
  {name: 'environment closed', keys: [ESC], shows: /NAME\s+STATUS/},
  {name: 'remove confirmation', keys: ['d'], shows: /remove|y\b/i},
  {name: 'remove cancelled', keys: ['n'], shows: /NAME\s+STATUS/},
  {name: 'exec form', keys: ['E'], shows: /exec|command/i},
  {name: 'exec form closed', keys: [ESC], shows: /NAME\s+STATUS/},
  {name: 'stats pane', keys: ['p'], shows: /CPU|cpu|memory/i},
  {name: 'stats closed', keys: [ESC], shows: /NAME\s+STATUS/},
  {name: 'copy menu', keys: ['y'], shows: /Copy from container/},
  {name: 'copy menu closed', keys: [ESC], shows: /NAME\s+STATUS/},
  {name: 'log pane', keys: ['/', ...'logger', '\r', 'l'], shows: /logs bench-logger .* [1-9]\d* lines/},
  {name: 'log pane wrapped, timestamps', keys: ['w', 't'], shows: /./},
  {name: 'log pane full screen', keys: ['F'], shows: /./},
  {name: 'log pane copy menu', keys: ['y'], shows: /Copy log lines of bench-logger/},
  {name: 'log pane copy menu closed', keys: [ESC], shows: /./},
  {name: 'log pane search', keys: ['/', 'a'], shows: /./},
  {name: 'log pane back', keys: [ESC, 'F', 'w', 't', ESC, ESC, ESC], shows: /NAME\s+STATUS/},
  {name: 'images', keys: ['2'], shows: /Images|IMAGE|REPOSITORY|alpine|busybox|bench/i},
  {name: 'image history', keys: ['\r'], shows: /./},
  {name: 'image history closed', keys: [ESC], shows: /./},
  {name: 'image prune preview', keys: ['p'], shows: /prune/i},
  {name: 'image prune cancelled', keys: [ESC], shows: /REPOSITORY/},
  {name: 'image remove confirmation', keys: ['d'], shows: /remove/i},
  {name: 'image remove cancelled', keys: ['n'], shows: /REPOSITORY/},
  {name: 'compose', keys: ['3'], shows: /compose|project/i},
  {name: 'compose services', keys: ['\r'], shows: /./},
  {name: 'compose back', keys: [ESC], shows: /./},
  {name: 'registry', keys: ['4'], shows: /127\.0\.0\.1:5000|registry/i},
  {name: 'registry repository', keys: ['\r'], shows: /./},
  {name: 'registry back', keys: [ESC], shows: /./},
  {name: 'registry add prompt', keys: ['+'], shows: /./},
  {name: 'registry add cancelled', keys: [ESC], shows: /./},
  {name: 'engine', keys: ['5'], shows: /Engine \(\/info\)/},
  {name: 'docker contexts', keys: ['c'], shows: /Docker contexts: which engine berth shows/},
  {name: 'docker contexts closed', keys: [ESC], shows: /./},
  {name: 'volumes', keys: ['7'], shows: /VOLUME|volumes/},
  {name: 'volume inspect', keys: ['i'], shows: /./},
  {name: 'volume inspect closed', keys: [ESC], shows: /./},
  {name: 'networks', keys: ['8'], shows: /NETWORK/},
  {name: 'network inspect', keys: ['i'], shows: /./},
  {name: 'network inspect closed', keys: [ESC], shows: /NETWORK/},
  {name: 'next view', keys: ['\t'], shows: /./},
  {name: 'previous view', keys: ['\x1b[Z'], shows: /./},
  {name: 'back to containers', keys: ['1'], shows: /NAME\s+STATUS/},
];

const reached = (step: Step, frame: string) => step.shows.test(frame);
const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

type InkInstance = {rootNode: Parameters<typeof renderer>[0]};

// The frame Ink draws from one engine's layout of the current tree.
function frameFrom(engine: 'yoga' | 'flex', root: InkInstance['rootNode']): string {
  const answer = dual.answer;
  dual.answer = engine;
  try {
    return renderer(root, false).output;
  } finally {
    dual.answer = answer;
  }
}

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe("berth's screens laid out by yoga and by berth's engine", () => {
  for (const [columns, rows] of [
    [80, 24],
    [200, 60],
  ] as const) {
    test(`every screen at ${columns}x${rows}: the same layouts and the same frames`, {timeout: 300_000}, async () => {
      const env = benchEnv();
      const target = resolveEngineTarget({}, env);
      const controller = new Controller(target.url, {
        registries: env.BERTH_REGISTRY ? [env.BERTH_REGISTRY] : [],
        registryCa: env.BERTH_REGISTRY_CA,
        logBufferLines: 1000,
        logTail: 200,
        shells: ['sh'],
      });
      const session = new EngineSession(target, controller.sessionListener, controller.engineEventTypes());
      controller.session = session;
      session.start(connectEngine(target));
      const {stdout, stdin, instance: app} = renderSized(controller, columns, rows);
      stop = () => {
        app.unmount();
        app.cleanup();
        session.close();
      };
      const ink = instances.get(stdout as never) as unknown as InkInstance;
      dual.differences = [];
      dual.layouts = 0;
      const compared: string[] = [];
      const unreached: string[] = [];
      for (const step of STEPS) {
        for (const key of step.keys) {
          stdin.write(key);
          await sleep(60);
        }
        // Wait for the screen, and for the data it shows to settle (a quiet stretch without new frames).
        const deadline = Date.now() + 10_000;
        let quietSince = Date.now();
        let layouts = dual.layouts;
        while (Date.now() < deadline) {
          await sleep(50);
          if (dual.layouts !== layouts) {
            layouts = dual.layouts;
            quietSince = Date.now();
          } else if (Date.now() - quietSince > 300 && reached(step, frameFrom('flex', ink.rootNode))) break;
        }
        const fromYoga = frameFrom('yoga', ink.rootNode);
        const fromFlex = frameFrom('flex', ink.rootNode);
        if (process.env.FLEX_SCREENS_DUMP)
          appendFileSync(process.env.FLEX_SCREENS_DUMP, `=== ${step.name} ${columns}x${rows}\n${fromYoga}\n`);
        if (!reached(step, fromYoga)) unreached.push(step.name);
        expect(fromFlex, `${step.name} at ${columns}x${rows}: the frame from berth's engine`).toBe(fromYoga);
        expect(dual.differences, `${step.name} at ${columns}x${rows}: every layout so far`).toEqual([]);
        compared.push(step.name);
      }
      expect(unreached, 'screens not reached').toEqual([]);
      expect(compared).toHaveLength(STEPS.length);
      expect(dual.layouts).toBeGreaterThan(STEPS.length);
    });
  }
});
