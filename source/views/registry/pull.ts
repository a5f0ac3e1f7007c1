import {parseRegistryUrl} from '../../registry/index.js';
import type {IncomingMessage} from 'node:http';
import {logCommand} from '../../command-log.js';
import {engineMessage} from '../../engine/engine-error.js';
import type {Services} from '../types.js';
import {pullSummary} from './details-lines.js';
import {selectedTag} from './reducer.js';
import {currentUrl} from './current-url.js';

type Progress = {
  id?: string;
  status?: string;
  progressDetail?: {current?: number; total?: number};
  errorDetail?: {message?: string};
  error?: string;
};

// Pull through the engine, with progress; errors the engine reports inside the 200 stream count as errors.
export async function pull(services: Services): Promise<void> {
  const state = services.store.get();
  const url = currentUrl(services);
  const repository = state.registry.repository;
  const tag = selectedTag(state);
  const docker = services.docker();
  if (!url || !repository || !tag || !docker) return;
  const host = parseRegistryUrl(url).host;
  const ref = `${host}/${repository}:${tag}`;
  logCommand(`docker pull ${ref}`);
  const layers = new Map<string, {current: number; total: number; done: boolean; present?: boolean}>();
  const report = (patch: {finished?: boolean; error?: string} = {}) => {
    let current = 0;
    let total = 0;
    let done = 0;
    let present = 0;
    let pulledBytes = 0;
    for (const layer of layers.values()) {
      current += layer.current;
      total += layer.total;
      if (layer.done) done += 1;
      if (layer.present) present += 1;
      else pulledBytes += layer.total;
    }
    services.dispatch({
      type: 'registry.pullProgress',
      pull: {
        ref,
        layers: layers.size,
        done,
        percent: total ? Math.min(100, Math.round((current / total) * 100)) : undefined,
        pulled: done - present,
        present,
        bytes: pulledBytes,
        ...patch,
      },
    });
  };
  report();
  try {
    const stream = (await docker.pull(ref)) as IncomingMessage;
    await new Promise<void>((resolve, reject) => {
      docker.modem.followProgress(
        stream,
        (error: Error | null) => (error ? reject(error) : resolve()),
        (event: Progress) => {
          if (event.errorDetail || event.error) return reject(new Error(event.errorDetail?.message ?? event.error));
          if (!event.id || event.id === tag) return;
          const layer = layers.get(event.id) ?? {current: 0, total: 0, done: false};
          if (event.progressDetail?.total) layer.total = event.progressDetail.total;
          if (event.progressDetail?.current !== undefined && /Downloading/.test(event.status ?? ''))
            layer.current = event.progressDetail.current;
          if (/Pull complete|Already exists|Download complete/.test(event.status ?? '')) {
            layer.done = /Pull complete|Already exists/.test(event.status ?? '') || layer.done;
            layer.present = /Already exists/.test(event.status ?? '') || layer.present;
            layer.current = layer.total;
          }
          layers.set(event.id, layer);
          report();
        },
      );
    });
    report({finished: true});
    const result = services.store.get().registry.pull;
    services.status(
      result?.pulled ? `pulled ${ref}: ${pullSummary(result)}` : `${ref} is already present: nothing to fetch`,
    );
  } catch (error) {
    const message = engineMessage(error);
    const fix = /x509|certificate/i.test(message)
      ? `; the engine does not trust ${host}: put the registry's CA in /etc/docker/certs.d/${host}/ca.crt on the engine host`
      : /unauthorized|authentication required|denied/i.test(message)
        ? `; log the engine in: docker login ${host}`
        : '';
    report({error: message});
    services.status(`pull ${ref}: ${message}${fix}`, 'error');
  }
}
