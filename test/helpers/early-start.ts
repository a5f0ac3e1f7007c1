import type {EngineTimeouts} from '../../source/engine/limits/timed-agent.js';
import {startEngines, type EngineStart} from '../../source/engine/early-start.js';
import type {EngineTarget} from '../../source/engine/target.js';

// One engine's early start, as berth makes it for each engine it opens.
export function startEngine(target: EngineTarget, timeouts?: EngineTimeouts): EngineStart {
  const [start] = startEngines([target], timeouts);
  if (!start) throw new Error('startEngines gave no start for one target');
  return start;
}
