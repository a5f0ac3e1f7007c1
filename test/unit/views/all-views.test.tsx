import {Box, Text} from 'ink';
import {render} from 'ink-testing-library';
import {afterEach, describe, expect, test} from 'vitest';
import type {Action} from '../../../source/store/actions.js';
import type {AppState, NoFields} from '../../../source/store/state.js';
import {Controller} from '../../../source/ui/controller.js';
import {keymapMarkdown} from '../../../source/ui/keymap-markdown.js';
import {DEFAULT_VIEWS, ViewSet} from '../../../source/ui/view-set.js';
import {VIEWS, MODULES_WITHOUT_TAB} from '../../../source/views/all-views.js';
import type {ViewModule} from '../../../source/views/types.js';
import {useStore} from '../../../source/views/use-store.js';
import {AppRoot} from '../../../source/ui/components/AppRoot.js';

// A view of the test's own, registered here and nowhere else: the shell must pick up its tab, key, body,
// keys, command, state and effects without a line of the shell changing.
type CounterState = {count: number; effects: string[]};

declare module '../../../source/store/state.js' {
  interface ViewSlices {
    counter?: CounterState;
  }
}
declare module '../../../source/store/actions.js' {
  interface ActionMap {
    'view.counter': NoFields;
    'counter.bump': NoFields;
  }
}

const slice = (state: AppState) => state.counter ?? {count: 0, effects: []};

function CounterBody({width, height}: {width: number; height: number}) {
  const count = useStore(state => slice(state).count);
  return (
    <Box width={width} height={height}>
      <Text>{`counter is ${count}`}</Text>
    </Box>
  );
}

const counter: ViewModule = {
  id: 'counter',
  key: '0',
  title: 'Counter',
  scopeTitles: {counter: 'Counter view'},
  initial: () => ({counter: {count: 0, effects: []}}),
  reduce(state, action: Action) {
    if (action.type !== 'counter.bump') return state;
    return {...state, counter: {...slice(state), count: slice(state).count + 1}};
  },
  effect(services, action) {
    if (action.type === 'counter.bump') services.status(`bumped to ${slice(services.store.get()).count}`);
  },
  bindings: [{scope: 'counter', keys: ['+'], action: 'counter.bump', help: 'bump the counter', footer: true}],
  commands: [{name: 'bump', usage: ':bump', run: services => void services.dispatch({type: 'counter.bump'})}],
  Body: CounterBody,
};

const config = {logBufferLines: 10, logTail: 10, shells: [], readonly: false, registries: [], registryOptions: {}};
const tick = () => new Promise(resolve => setTimeout(resolve, 30));
let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

function mount(views: ViewSet) {
  const controller = new Controller('unix:///nowhere.sock', config, views);
  const instance = render(<AppRoot controller={controller} />);
  unmount = instance.unmount;
  return {controller, instance};
}

describe('the views registry', () => {
  test('a view added to the list gets a tab, its key, its body, its keys, its commands and its effects', async () => {
    const {controller, instance} = mount(new ViewSet([...VIEWS, counter], MODULES_WITHOUT_TAB));
    await tick();
    expect(instance.lastFrame()).toMatch(/0 Coun/);
    instance.stdin.write('0');
    await tick();
    expect(controller.store.get().view).toBe('counter');
    expect(instance.lastFrame()).toContain('counter is 0');
    expect(instance.lastFrame()).toContain('+ bump the counter');
    instance.stdin.write('+');
    await tick();
    expect(instance.lastFrame()).toContain('counter is 1');
    expect(instance.lastFrame()).toContain('bumped to 1');
    controller.dispatch({type: 'command.open'});
    controller.dispatch({type: 'overlay.draft', draft: 'bump'});
    controller.dispatch({type: 'overlay.submit'});
    await tick();
    expect(instance.lastFrame()).toContain('counter is 2');
    // tab cycles through it like any other view
    instance.stdin.write('\t');
    await tick();
    expect(controller.store.get().view).toBe('containers');
  });

  test('an effect that dispatches its own action again is stopped with a message, not a stack overflow', async () => {
    const looping: ViewModule = {
      ...counter,
      effect: (services, action) => void (action.type === 'counter.bump' && services.dispatch({type: 'counter.bump'})),
    };
    const controller = new Controller(
      'unix:///nowhere.sock',
      config,
      new ViewSet([...VIEWS, looping], MODULES_WITHOUT_TAB),
    );
    expect(() => controller.dispatch({type: 'counter.bump'})).not.toThrow();
    expect(slice(controller.store.get()).count).toBe(32);
    await tick();
    expect(controller.store.get().status?.text).toMatch(/internal error: "counter.bump" dispatched itself/);
  });

  test('the help and docs/keys.md include a registered view, and leave out one that is not', () => {
    const views = new ViewSet([...VIEWS, counter], MODULES_WITHOUT_TAB);
    expect(keymapMarkdown(new Controller('t', config, views).keymap, views)).toContain('## Counter view');
    expect(keymapMarkdown(new Controller('t', config).keymap, DEFAULT_VIEWS)).not.toContain('Counter');
  });

  test('a view can say it is not available on this engine: no tab, its key does nothing', async () => {
    const hidden: ViewModule = {...counter, available: () => false};
    const {controller, instance} = mount(new ViewSet([...VIEWS, hidden], MODULES_WITHOUT_TAB));
    await tick();
    expect(instance.lastFrame()).not.toMatch(/0 Coun/);
    instance.stdin.write('0');
    await tick();
    expect(controller.store.get().view).toBe('containers');
  });
});
