import {LogBuffer} from '../../source/engine/logs/log-buffer.js';
import type {LogLine} from '../../source/engine/logs/line-assembler.js';
import type {LogSource} from '../../source/engine/logs/log-source.js';
import {searchLog} from '../../source/engine/logs/log-query.js';

// A log source that holds the given lines and does nothing else: what the pane, copy and search read.
export function fixedLogSource(lines: readonly LogLine[], capacity = 100): LogSource {
  const buffer = new LogBuffer<LogLine>(capacity);
  for (const line of lines) buffer.push(line);
  return {
    buffer,
    status: 'streaming',
    version: 1,
    subscribe: () => () => undefined,
    start: () => undefined,
    stop: () => undefined,
    clear: () => undefined,
    search: query => searchLog(buffer.toArray(), query),
    save: () => Promise.resolve({lines: 0}),
  };
}
