import {describeLostConnection} from '../engine/connection-state.js';

// A live headless command (berth stats) shows the engine's answers as they come; when they stop, it asks the
// engine whether it is still there (GET /_ping), so a lost engine is said on stderr at once rather than the output
// freezing in silence, and its return is said too. The command itself keeps asking (every second) and goes on.
export type EngineWatch = {
  url: string;
  ping(signal: AbortSignal): Promise<unknown>;
  // When the last answer came (ms).
  lastAnswer(): number;
  say(line: string): void;
  // No answer for this long and the engine is asked.
  quietMs?: number;
  everyMs?: number;
  now?: () => number;
};

export function watchEngine(watch: EngineWatch): () => void {
  const {quietMs = 3000, everyMs = 1000, now = Date.now} = watch;
  let lostAt: number | undefined;
  let checkedAt = now();
  let asking = false;
  const clock = (ms: number) => new Date(ms).toTimeString().slice(0, 8);
  const check = async () => {
    if (asking) return;
    const quiet = now() - Math.max(watch.lastAnswer(), checkedAt);
    if (lostAt === undefined && quiet < quietMs) return;
    asking = true;
    try {
      await watch.ping(AbortSignal.timeout(quietMs));
      checkedAt = now();
      if (lostAt !== undefined)
        watch.say(
          `${clock(checkedAt)} engine ${watch.url} is back after ${Math.round((checkedAt - lostAt) / 1000)} s; going on`,
        );
      lostAt = undefined;
    } catch (error) {
      if (lostAt === undefined) {
        lostAt = now();
        watch.say(
          `${clock(lostAt)} ${describeLostConnection(watch.url, error)}; retrying every ${Math.round(everyMs / 1000)} s ` +
            'and going on when it is back (ctrl-c to stop)',
        );
      }
    } finally {
      asking = false;
    }
  };
  const timer = setInterval(() => void check(), everyMs);
  return () => clearInterval(timer);
}
