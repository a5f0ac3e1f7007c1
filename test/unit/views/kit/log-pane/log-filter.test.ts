import {describe, expect, test} from 'vitest';
import {LogBuffer} from '../../../../../source/engine/logs/log-buffer.js';
import type {LogLine} from '../../../../../source/engine/logs/log-session.js';
import {
  describeFilter,
  FilteredLines,
  parseFilterDraft,
  type LogFilterSpec,
} from '../../../../../source/views/kit/log-pane/filter.js';

const line = (text: string): LogLine => ({text, stream: 'stdout'});

// What `grep -i [-v] -C N` selects, written the plain way: every line within N of a selected line.
function grepLike(texts: readonly string[], spec: LogFilterSpec): string[] {
  const needle = spec.query.toLowerCase();
  const selected = texts.map(text => text.toLowerCase().includes(needle) !== spec.hide);
  return texts.filter((_, i) => selected.some((chosen, j) => chosen && Math.abs(i - j) <= spec.context));
}

const shown = (filter: FilteredLines) => [...filter].map(l => l.text);

describe('the log filter', () => {
  const texts = Array.from({length: 60}, (_, i) => (i % 9 === 0 || i === 31 ? `ERROR ${i}` : `info ${i}`));

  test('matches, hides and keeps context as grep -i, -v and -C do', () => {
    const buffer = new LogBuffer<LogLine>(100);
    for (const text of texts) buffer.push(line(text));
    for (const hide of [false, true])
      for (let context = 0; context <= 9; context++) {
        const spec = {query: 'error', hide, context};
        expect(shown(new FilteredLines(spec).update(buffer)), JSON.stringify(spec)).toEqual(grepLike(texts, spec));
      }
  });

  test('follows the buffer: new lines, the oldest pushed out, history in front, lines moved into order', () => {
    const buffer = new LogBuffer<LogLine>(40);
    const held: string[] = [];
    const spec = {query: 'error', hide: false, context: 2};
    const filter = new FilteredLines(spec);
    const check = () => expect(shown(filter.update(buffer))).toEqual(grepLike(held, spec));
    for (const text of texts.slice(20)) {
      buffer.push(line(text));
      held.push(text);
      if (held.length > 40) held.shift();
      check();
    }
    buffer.clear();
    held.length = 0;
    for (const text of texts.slice(30, 40)) {
      buffer.push(line(text));
      held.push(text);
    }
    buffer.prepend(texts.slice(0, 30).map(line));
    held.unshift(...texts.slice(0, 30));
    check();
    // A late line moved in front of the newest ones (merged logs): positions shift, the view follows.
    buffer.pushInOrder(
      line('ERROR late'),
      (a, b) => (a.text === 'ERROR late' ? 0 : b.text === 'ERROR late' ? 1 : 0),
      3,
    );
    held.splice(held.length - 3, 0, 'ERROR late');
    // The buffer was full: the oldest line went.
    held.shift();
    check();
    expect(buffer.get(filter.indexOf(0))).toBe(filter.get(0));
  });

  test('re: patterns, a broken one refused with a clear message; the draft and the title', () => {
    const buffer = new LogBuffer<LogLine>(10);
    for (const text of ['GET /a 200', 'GET /b 500', 'POST /c 503']) buffer.push(line(text));
    expect(shown(new FilteredLines({query: 're: 5\\d\\d$', hide: false, context: 0}).update(buffer))).toEqual([
      'GET /b 500',
      'POST /c 503',
    ]);
    expect(() => new FilteredLines({query: 're:[', hide: false, context: 0})).toThrow(/not a valid regular expression/);
    expect(parseFilterDraft('!health', 2)).toEqual({query: 'health', hide: true, context: 2});
    expect(parseFilterDraft('', 2)).toBeUndefined();
    expect(describeFilter({query: 'health', hide: true, context: 2})).toBe('filter: not health ±2');
  });
});
