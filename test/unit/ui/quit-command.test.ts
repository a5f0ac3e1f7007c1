import {afterEach, expect, test} from 'vitest';
import {shownStatus} from '../../../source/ui/components/StatusLine.js';
import {Controller} from '../../../source/ui/controller.js';

const controllers: Controller[] = [];
afterEach(() => {
  for (const c of controllers.splice(0)) void c.close();
});

function command(c: Controller, line: string) {
  c.dispatch({type: 'command.open'});
  c.dispatch({type: 'overlay.draft', draft: line});
  return c.dispatch({type: 'overlay.submit'});
}

// :quit is q (it asks first when a compose command runs, through app.quit); words after it are refused.
test(':quit and :q quit as q does; :quit now says it takes no arguments', () => {
  const c = new Controller('unix:///nowhere.sock', {});
  controllers.push(c);
  expect(command(c, 'quit now')).toBeUndefined();
  expect(shownStatus(c.store.get())?.text).toMatch(/:quit takes no arguments \(got "now"\)/);
  expect(command(c, 'quit')).toEqual({type: 'quit'});
  expect(command(c, 'q')).toEqual({type: 'quit'});
});
