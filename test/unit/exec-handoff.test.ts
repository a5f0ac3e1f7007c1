import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';

vi.mock('../../source/terminal.js', () => ({enterAltScreen: vi.fn(), restoreTerminal: vi.fn(), lendTerminal: vi.fn()}));
const {enterAltScreen, restoreTerminal} = await import('../../source/terminal.js');
const {handOffTerminal} = await import('../../source/ui/handoff.js');

// The bookkeeping around the session; the real terminal is exercised in test/integration/exec-terminal.test.ts.
describe('handOffTerminal', () => {
  const stdin = process.stdin as unknown as {isTTY?: boolean; setRawMode?: unknown};
  const saved = {isTTY: stdin.isTTY, setRawMode: stdin.setRawMode};
  let rawModes: boolean[];

  beforeEach(() => {
    vi.clearAllMocks();
    rawModes = [];
    stdin.isTTY = true;
    stdin.setRawMode = (mode: boolean) => rawModes.push(mode);
  });

  afterEach(() => {
    stdin.isTTY = saved.isTTY;
    stdin.setRawMode = saved.setRawMode;
  });

  const listeners = () => ({SIGINT: process.listenerCount('SIGINT'), SIGHUP: process.listenerCount('SIGHUP')});

  it('leaves the alternate screen, guards SIGINT and SIGHUP and sets raw mode only while the session runs', async () => {
    const before = listeners();
    let during: ReturnType<typeof listeners> | undefined;
    const result = await handOffTerminal(async () => {
      expect(restoreTerminal).toHaveBeenCalledTimes(1);
      expect(enterAltScreen).not.toHaveBeenCalled();
      during = listeners();
      process.emit('SIGINT'); // Ignored: the test process is still here.
      return 7;
    });
    expect(result).toBe(7);
    expect(during).toEqual({SIGINT: before.SIGINT + 1, SIGHUP: before.SIGHUP + 1});
    expect(listeners()).toEqual(before);
    expect(rawModes).toEqual([true, false]);
    expect(enterAltScreen).toHaveBeenCalledTimes(1);
  });

  it('restores everything when the session throws, and rethrows', async () => {
    const before = listeners();
    await expect(
      handOffTerminal(async () => {
        throw new Error('engine gone');
      }),
    ).rejects.toThrow('engine gone');
    expect(listeners()).toEqual(before);
    expect(rawModes).toEqual([true, false]);
    expect(enterAltScreen).toHaveBeenCalledTimes(1);
  });

  it('keeps the terminal cooked for sessions that want it', async () => {
    await handOffTerminal(async () => undefined, {rawMode: false});
    expect(rawModes).toEqual([false, false]);
  });
});
