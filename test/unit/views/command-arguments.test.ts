import {describe, expect, test} from 'vitest';
import {Controller} from '../../../source/ui/controller.js';
import {DEFAULT_VIEWS} from '../../../source/ui/view-set.js';
import {unitConfig} from '../../helpers/app-state.js';

// `:` commands check their words before anything is sent to the engine, and say in one line what is wrong and
// what to give instead.
function command(line: string, view = 'containers'): {text?: string; kind?: string} {
  const c = new Controller('unix:///nowhere.sock', unitConfig, DEFAULT_VIEWS);
  c.dispatch({type: 'view.show', view});
  c.dispatch({type: 'command.open'});
  c.dispatch({type: 'overlay.draft', draft: line});
  c.dispatch({type: 'overlay.submit'});
  const {status} = c.store.get();
  return {text: status?.text, kind: status?.kind};
}

describe(':kill -s', () => {
  test('a number past 64 or an unknown name is refused, saying which signals are valid', () => {
    for (const given of ['999', 'FOO']) {
      const {text, kind} = command(`:kill -s ${given} web`);
      expect(kind).toBe('error');
      expect(text).toContain(`"${given}" is not a signal: give a number 1–64 or a name as kill -l lists them`);
    }
    expect(command(':kill -s').text).toContain('-s needs a signal: give a number 1–64');
  });
});
