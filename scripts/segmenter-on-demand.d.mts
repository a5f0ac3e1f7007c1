import type {Plugin} from 'esbuild';

export declare const segmenterOnDemand: Plugin;
