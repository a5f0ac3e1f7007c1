import type {Usage} from '../../engine/stats/compute.js';
import {bytes} from '../../text/format.js';

// 12.3% · 41MB 12% (of its limit) or 41MB when it has none; – before the first sample.
export const cpuText = (usage: Usage | undefined) =>
  usage?.cpuPercent === undefined ? '–' : `${usage.cpuPercent.toFixed(1)}%`;
export const memText = (usage: Usage | undefined) =>
  usage?.memory === undefined
    ? '–'
    : `${bytes(usage.memory)}${usage.memoryPercent === undefined ? '' : ` ${usage.memoryPercent.toFixed(0)}%`}`;
