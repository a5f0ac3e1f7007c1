// Types for ink-scroll.mjs (a build script in plain JavaScript), for the unit test that imports it.
import type {Plugin} from 'esbuild';

export const SCROLL_MODULE: string;
export function withScroll(source: string, modulePath?: string): string;
export const inkScroll: Plugin;
