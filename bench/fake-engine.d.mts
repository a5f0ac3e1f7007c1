// Types of bench/fake-engine.mjs for the tests that start it.
export type FakeEngine = {
  // For DOCKER_HOST: tcp://127.0.0.1:PORT, plain HTTP.
  host: string;
  count: number;
  // Every request, as "METHOD /path?query" (the API version prefix left out), in order.
  requests: string[];
  // Those it had no answer for.
  unknown: string[];
  name(i: number): string | undefined;
  // Container i stops ('die') or starts ('start'), and the open /events streams say so.
  event(i: number, action?: 'die' | 'start'): void;
  close(): Promise<void>;
};
export function startFakeEngine(count: number): Promise<FakeEngine>;
export function fakeContainer(i: number, now?: number): Record<string, unknown>;
