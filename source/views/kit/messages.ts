import {sanitizeLine} from '../../text/sanitize.js';

// The one wording every list uses for what it cannot show: the engine away, loading, a failed list, nothing
// there, nothing matching. Decided here so eight views say the same thing the same way.

// berth reconnects by itself (engine/session.ts backs off and tries again); ctrl-r tries at once, and the engine view's
// c switches to another docker context.
export const ENGINE_DOWN = 'engine not connected: reconnecting… (ctrl-r now; 5 then c: another context)';
// The same in the engine view, where c is at hand.
export const ENGINE_DOWN_HERE = 'engine not connected: reconnecting… (ctrl-r now; c: another context)';
export const ENGINE_CONNECTING = 'connecting to the engine…';

export type Noun = {one: string; many: string};

export type ListCondition = {
  // The list comes from the engine and the engine is not connected ('down'), or not yet ('connecting').
  engine?: 'connected' | 'connecting' | 'down';
  loaded: boolean;
  error?: string;
  // Rows in the list, and rows the filter lets through.
  total: number;
  shown: number;
};

export type ListMessage = {text: string; tone: 'dim' | 'warn' | 'error'};

export function listMessage(noun: Noun, c: ListCondition): ListMessage | undefined {
  if (c.engine === 'down') return {text: ENGINE_DOWN, tone: 'warn'};
  if (!c.loaded) return {text: c.engine === 'connecting' ? ENGINE_CONNECTING : `loading ${noun.many}…`, tone: 'dim'};
  if (c.error) return {text: `${noun.many}: ${sanitizeLine(c.error)} (ctrl-r tries again)`, tone: 'error'};
  if (c.shown === 0)
    return {
      text: c.total ? `no ${noun.one} matches the filter (esc clears it)` : `no ${noun.many} here`,
      tone: 'dim',
    };
  return undefined;
}

// The theme's role for each tone.
export const MESSAGE_ROLE = {dim: 'muted', warn: 'warning', error: 'error'} as const;
