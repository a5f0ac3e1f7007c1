import {afterEach, expect, test} from 'vitest';
import {makeLine} from '../../../../../source/engine/logs/line-assembler.js';
import {shownStatus} from '../../../../../source/ui/components/StatusLine.js';
import {Controller} from '../../../../../source/ui/controller.js';
import {paneSession} from '../../../../../source/views/kit/log-pane/session.js';
import {logPane} from '../../../../helpers/app-state.js';
import {fixedLogSource} from '../../../../helpers/log-source.js';

const controllers: Controller[] = [];
afterEach(() => {
  for (const c of controllers.splice(0)) void c.close();
});

// A broken `re:` pattern typed into the log pane's search is said on the status line; berth goes on (it ended
// with a stack trace and exit code 70).
test('/re:[a in the log pane: the status line says why, the pane stays as it was', () => {
  const controller = new Controller('unix:///nowhere.sock', {});
  controllers.push(controller);
  const lines = ['red one', 'blue two'].map(text => makeLine(text, 'stdout', undefined, false));
  paneSession.replace(controller.services, fixedLogSource(lines));
  controller.dispatch({type: 'containers.loaded', items: []});
  controller.dispatch({type: 'logs.opened', pane: logPane({version: 1, total: lines.length})});
  controller.dispatch({type: 'logs.search'});
  controller.dispatch({type: 'overlay.draft', draft: 're:[a', cursor: 5});
  expect(() => controller.dispatch({type: 'overlay.submit'})).not.toThrow();
  const status = shownStatus(controller.store.get());
  expect(status?.kind).toBe('error');
  expect(status?.text).toMatch(/search "re:\[a": not a valid regular expression/);
  expect(controller.store.get().logs?.search).toBeUndefined();
  // A good pattern after it searches as usual.
  controller.dispatch({type: 'logs.search'});
  controller.dispatch({type: 'overlay.draft', draft: 're:^red', cursor: 7});
  controller.dispatch({type: 'overlay.submit'});
  expect(controller.store.get().logs?.search?.matches).toEqual([0]);
});

// Any effect that throws is said on the status line instead of taking the terminal down.
test('an effect that throws: the status line says so, the app goes on', () => {
  const controller = new Controller('unix:///nowhere.sock', {});
  controllers.push(controller);
  controller.services.leaveUi = () => {
    throw new Error('boom');
  };
  const session = paneSession.get(controller.services);
  expect(session).toBeUndefined();
  // The attach confirmation leaves the UI through services.leaveUi, which throws here.
  controller.dispatch({
    type: 'overlay.show',
    overlay: {
      kind: 'confirm',
      confirm: {
        owner: 'containers',
        operation: 'attach',
        title: 'Attach?',
        targets: ['web'],
        ids: ['c1'],
        names: ['web'],
      },
    },
  });
  expect(() => controller.dispatch({type: 'confirm.yes'})).not.toThrow();
  expect(shownStatus(controller.store.get())?.text).toMatch(/internal error after "confirm.yes": boom/);
});
