import type {EngineEvent} from './engine-event.js';
import {stripAnsi} from '../../text/escapes.js';
import {sanitizeLine} from '../../text/sanitize.js';

// One engine event as berth shows and filters it: every string from the engine cleaned once, here (an event's
// name or image is anything a container's creator chose). `engine` is set with several engines.
export type EventRecord = {
  // Engine time in ms since 1970 (timeNano when given: several events share one second).
  time: number;
  type: string;
  action: string;
  id: string;
  name: string;
  // exitCode=3 signal=9 image=alpine …: the attributes worth a column, in that order.
  attributes: string;
  exitCode?: number;
  engine?: string;
};

// The attributes shown, in this order; the rest (labels, compose's many) would drown them.
const SHOWN_ATTRIBUTES = ['exitCode', 'signal', 'image', 'container', 'driver', 'type'] as const;

export const cleanText = (text: string): string => sanitizeLine(stripAnsi(text));

export function eventTime(event: EngineEvent): number {
  if (typeof event.timeNano === 'number' && event.timeNano > 0) return Math.floor(event.timeNano / 1e6);
  return typeof event.time === 'number' ? event.time * 1000 : Date.now();
}

export function eventRecord(event: EngineEvent, engine?: string): EventRecord {
  const attributes = event.Actor?.Attributes ?? {};
  const id = event.Actor?.ID ?? event.id ?? '';
  const exit = attributes.exitCode;
  const shown = SHOWN_ATTRIBUTES.flatMap(key => {
    const value = attributes[key];
    // A container event's `type` attribute is not set; a network's is its driver (bridge): useful, short.
    return typeof value === 'string' && value ? [`${key}=${cleanText(value)}`] : [];
  });
  return {
    time: eventTime(event),
    type: cleanText(event.Type ?? ''),
    action: cleanText(event.Action ?? event.status ?? ''),
    id: cleanText(id),
    name: cleanText(attributes.name ?? id),
    attributes: shown.join(' '),
    ...(exit !== undefined && /^-?\d+$/.test(exit) ? {exitCode: Number(exit)} : {}),
    ...(engine ? {engine: cleanText(engine)} : {}),
  };
}

// 2026-11-29T01:02:03.456Z as local HH:MM:SS (the view) — the date is rarely needed and costs 11 columns.
export function clockTime(ms: number): string {
  const date = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}
