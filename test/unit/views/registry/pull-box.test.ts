import {expect, test} from 'vitest';
import {initialRegistryState} from '../../../../source/views/registry/state.js';
import {detailLines} from '../../../../source/views/registry/details-lines.js';

// A finished pull stays with its own tag; one under way shows wherever the view is (it stayed everywhere, even
// after its tag was deleted).
test('the pull box: under way everywhere, finished only with its own tag', () => {
  const pull = {ref: '127.0.0.1:5000/app:stable', layers: 1, done: 1, finished: true, pulled: 0, present: 1};
  const base = {...initialRegistryState(['https://127.0.0.1:5000']), pull};
  const text = (registry: typeof base, tag?: string) => detailLines(registry, tag, 80).map(line => line.text);
  const tags = {...base, level: 'tags' as const, repository: 'app'};
  expect(text(tags, 'stable')).toContain('pull 127.0.0.1:5000/app:stable');
  expect(text(tags, 'latest')).not.toContain('pull 127.0.0.1:5000/app:stable');
  expect(text({...base, level: 'repositories'})).not.toContain('pull 127.0.0.1:5000/app:stable');
  expect(text({...tags, repository: 'other'}, 'stable')).not.toContain('pull 127.0.0.1:5000/app:stable');
  const running = {...base, level: 'repositories' as const, pull: {...pull, finished: false, percent: 40}};
  expect(text(running)).toContain('pull 127.0.0.1:5000/app:stable');
});
