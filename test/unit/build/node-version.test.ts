import {readFileSync} from 'node:fs';
import {describe, expect, test} from 'vitest';

// scripts/test.sh runs the unit and integration suites again on Node 24 and says so with BERTH_EXPECT_NODE_MAJOR:
// this fails if that pass silently ran on another Node (a PATH mistake would otherwise go unnoticed).
describe('the Node this suite runs on', () => {
  test('is the one scripts/test.sh asked for, and one package.json supports', () => {
    const major = Number(process.versions.node.split('.')[0]);
    if (process.env.BERTH_EXPECT_NODE_MAJOR) expect(major).toBe(Number(process.env.BERTH_EXPECT_NODE_MAJOR));
    const engines = (JSON.parse(readFileSync('package.json', 'utf8')) as {engines: {node: string}}).engines.node;
    expect(engines.split('||').map(range => range.trim().match(/^\^(\d+)\./)?.[1])).toContain(String(major));
  });
});
