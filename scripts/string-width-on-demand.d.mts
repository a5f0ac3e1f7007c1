import type {Plugin} from 'esbuild';

export declare const stringWidthOnDemand: Plugin;
