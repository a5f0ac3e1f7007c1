import {createHash} from 'node:crypto';
import {mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, test} from 'vitest';
import {contextNames, contextRows, contextTarget} from '../../../../source/views/engine-overview/contexts.js';
import type {EngineTarget} from '../../../../source/engine/target.js';
import {scratchDir} from '../../../helpers/scratch.js';

// An empty docker config: no contexts besides "default".
const config = scratchDir('berth-contexts-');

describe('the contexts overlay', () => {
  test('"default" is DOCKER_HOST when the shell sets it, as docker context ls says, and is marked current', () => {
    const env = {DOCKER_CONFIG: config, DOCKER_HOST: 'tcp://127.0.0.1:23761'};
    expect(contextTarget('default', env).url).toBe('tcp://127.0.0.1:23761');
    const current: EngineTarget = {
      url: 'tcp://127.0.0.1:23761',
      kind: 'tcp',
      host: '127.0.0.1',
      port: 23761,
      tls: {verify: true},
      context: 'default',
      source: 'DOCKER_HOST',
      unencrypted: false,
    };
    expect(contextRows(current, env)).toEqual([{name: 'default', host: 'tcp://127.0.0.1:23761 TLS', current: true}]);
  });

  test('without DOCKER_HOST, "default" is the local socket', () => {
    const rows = contextRows(undefined, {DOCKER_CONFIG: config, HOME: config});
    expect(rows[0]).toMatchObject({name: 'default', current: false});
    expect(rows[0]?.host).toMatch(/^unix:\/\/\/.*docker\.sock$/);
  });

  test(':context completes context names (it completed container names); none when the config cannot be read', () => {
    const withOne = scratchDir('berth-contexts-one-');
    const meta = join(withOne, 'contexts', 'meta', createHash('sha256').update('prod').digest('hex'));
    mkdirSync(meta, {recursive: true});
    writeFileSync(
      join(meta, 'meta.json'),
      JSON.stringify({Name: 'prod', Metadata: {}, Endpoints: {docker: {Host: 'tcp://10.0.0.5:2376'}}}),
    );
    expect(contextNames({DOCKER_CONFIG: withOne, HOME: withOne})).toEqual(['default', 'prod']);
    expect(contextNames({DOCKER_CONFIG: '/nonexistent/berth', HOME: '/nonexistent'})).toEqual(['default']);
  });
});
