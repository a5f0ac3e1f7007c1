import {describe, expect, test} from 'vitest';
import {HueBook, PREFIX_PALETTE_SIZE, prefixHue} from '../../../../../source/engine/logs/prefix-hue.js';
import {THEMES, prefixStyle} from '../../../../../source/theme/index.js';
import {containersNamed, mergedLabel} from '../../../../../source/views/containers/merged-logs.js';
import {parseLogsCommand} from '../../../../../source/views/kit/log-pane/options.js';
import {followedText} from '../../../../../source/views/kit/log-pane/title.js';

describe('the prefix of merged containers', () => {
  test('a name keeps its colour for the session; the few merged together get different ones', () => {
    const book = new HueBook();
    const names = ['web-1', 'web-2', 'db', 'cache', 'queue', 'api'];
    const given = names.map(name => book.hueOf(name));
    expect(new Set(given.map(hue => hue % PREFIX_PALETTE_SIZE)).size).toBe(names.length);
    expect(names.map(name => book.hueOf(name))).toEqual(given);
    expect(book.hueOf('web-1')).toBe(given[0]);
    // The first name gets its own hue, as compose's services do.
    expect(given[0]).toBe(prefixHue('web-1'));
    // Different hues are different colours in the built-in themes that have colours.
    for (const theme of [THEMES.dark, THEMES.light]) {
      expect(theme.logPrefix.length).toBe(PREFIX_PALETTE_SIZE);
      expect(new Set(given.map(hue => JSON.stringify(prefixStyle(theme, hue)))).size).toBe(names.length);
    }
    // More names than colours: they share, and the book stays bounded.
    const small = new HueBook(3);
    for (let i = 0; i < 100; i++) expect(Number.isInteger(small.hueOf(`c${i}`))).toBe(true);
  });

  test('a name is sanitised and cut: no escape sequence reaches the screen', () => {
    expect(mergedLabel('web-1')).toBe('web-1');
    expect(mergedLabel('evil\u001b]0;title\u0007\u001b[2Jname')).toBe('evilname');
    expect(mergedLabel('a\u0007b')).toBe('a^Gb');
    expect(mergedLabel('x'.repeat(100))).toBe(`${'x'.repeat(23)}…`);
    expect(mergedLabel('G\u202Ereversed')).toContain('U+202E');
  });

  test('the title names as many containers as fit, and counts the others', () => {
    const members = ['api', 'web-1', 'web-2'];
    expect(followedText('3 containers', members, 80)).toBe('3 containers: api, web-1, web-2');
    expect(followedText('3 containers', members, 30)).toBe('3 containers: api, web-1, +1');
    expect(followedText('3 containers', members, 21)).toBe('3 containers: api, +2');
    expect(followedText('3 containers', members, 5)).toBe('3 containers');
    expect(followedText('logs web', undefined, 5)).toBe('logs web');
  });
});

describe(':logs NAME NAME…', () => {
  const row = (id: string, name: string) => ({
    id,
    name,
    image: 'i',
    state: 'running',
    status: 'up',
    ports: '',
    created: 1,
  });
  const items = [row('aaaa1111', 'web-1'), row('bbbb2222', 'web-2'), row('cccc3333', 'old-web'), row('dddd4444', 'db')];

  test('names, a trailing * as :stop, and the start of an ID; each container once, in the order given', () => {
    expect(containersNamed(items, ['db', 'web*']).map(r => r.name)).toEqual(['db', 'web-1', 'web-2']);
    expect(containersNamed(items, ['web*', 'web-1']).map(r => r.name)).toEqual(['web-1', 'web-2']);
    expect(containersNamed(items, ['cccc33', 'db']).map(r => r.name)).toEqual(['old-web', 'db']);
    expect(() => containersNamed(items, ['db', 'nope'])).toThrow(/no container named "nope"/);
    expect(() => containersNamed(items, ['w*b'])).toThrow(/only a trailing \*/);
  });

  test('options and names apart; without names the options reopen the selected container as before', () => {
    const now = Date.parse('2026-11-26T09:00:00Z');
    expect(parseLogsCommand(['web-1', 'db'], now)).toEqual({names: ['web-1', 'db'], options: undefined});
    const both = parseLogsCommand(['--tail', '5', 'web-1', '--follow=false', 'db'], now);
    expect(both.names).toEqual(['web-1', 'db']);
    expect(both.options).toMatchObject({tail: 5, follow: false});
    const alone = parseLogsCommand(['--tail', '3'], now);
    expect(alone.names).toEqual([]);
    expect(alone.options?.tail).toBe(3);
    expect(() => parseLogsCommand(['web-1', '--tail', 'x'], now)).toThrow(/--tail "x"/);
  });
});
