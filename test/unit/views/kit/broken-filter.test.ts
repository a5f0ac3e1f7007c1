import {describe, expect, test} from 'vitest';
import {Controller} from '../../../../source/ui/controller.js';
import {DEFAULT_VIEWS} from '../../../../source/ui/view-set.js';
import {unitConfig} from '../../../helpers/app-state.js';

// docs/contract.md (Keys): in the UI a broken `re:` expression is reported on the status line, in every list (the
// list itself only says nothing matches).
function filterIn(view: string, text: string): Controller {
  const c = new Controller('unix:///nowhere.sock', unitConfig, DEFAULT_VIEWS);
  c.dispatch({type: 'view.show', view});
  c.dispatch({type: 'filter.open'});
  c.dispatch({type: 'overlay.draft', draft: text});
  c.dispatch({type: 'overlay.submit'});
  return c;
}

describe('a broken re: filter', () => {
  test.each(['containers', 'images', 'volumes', 'networks'])('is said on the status line in the %s list', view => {
    const state = filterIn(view, 're:([').store.get();
    expect(state.status?.kind).toBe('error');
    expect(state.status?.text).toMatch(
      /^filter "re:\(\[": not a valid regular expression \(.+\); fix it, or filter without "re:" for plain text$/,
    );
  });

  test('an engine:NAME term is not part of the expression; a good expression or plain text says nothing', () => {
    expect(filterIn('images', 'engine:x re:([').store.get().status?.text).toContain('filter "re:(["');
    expect(filterIn('images', 're:^web-\\d+$').store.get().status).toBeUndefined();
    expect(filterIn('images', '([').store.get().status).toBeUndefined();
  });
});
