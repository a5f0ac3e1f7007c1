import {expect, test} from 'vitest';
import {eventMatcher} from '../../../../source/engine/events/event-filter.js';
import {eventRecord} from '../../../../source/engine/events/event-record.js';

const records = [
  eventRecord({
    Type: 'container',
    Action: 'die',
    Actor: {ID: 'a1', Attributes: {name: 'web-1', exitCode: '3', image: 'nginx'}},
  }),
  eventRecord({Type: 'container', Action: 'start', Actor: {ID: 'b2', Attributes: {name: 'db', image: 'postgres'}}}),
  eventRecord({Type: 'image', Action: 'pull', Actor: {ID: 'nginx:latest', Attributes: {name: 'nginx'}}}),
  eventRecord({Type: 'container', Action: 'health_status: unhealthy', Actor: {ID: 'c3', Attributes: {name: 'api'}}}),
];
const names = (query: string) => records.filter(eventMatcher(query)).map(r => `${r.type}/${r.name}`);

test('type:, action: (a prefix), and words over name, ID and attributes; every part must match', () => {
  expect(names('type:container')).toEqual(['container/web-1', 'container/db', 'container/api']);
  expect(names('action:die')).toEqual(['container/web-1']);
  expect(names('action:health_status')).toEqual(['container/api']);
  expect(names('nginx')).toEqual(['container/web-1', 'image/nginx']);
  expect(names('type:image nginx')).toEqual(['image/nginx']);
  expect(names('type:image type:container action:start')).toEqual(['container/db']);
  expect(names('exitCode=3')).toEqual(['container/web-1']);
  expect(names('re:^db\\b')).toEqual(['container/db']);
});

test('the record keeps the attributes that matter, cleaned', () => {
  const [first] = records;
  expect(first?.attributes).toBe('exitCode=3 image=nginx');
  expect(first?.exitCode).toBe(3);
  const hostile = eventRecord({Type: 'container', Action: 'die', Actor: {ID: 'x', Attributes: {name: 'a\x1b[2Jb'}}});
  expect(hostile.name).toBe('ab');
});
