import type Docker from 'dockerode';
import type {LogWindow} from '../logs/log-session.js';
import {MergedLogs} from '../logs/merged-logs.js';
import {colorOfName, PREFIX_COLORS} from '../logs/prefix-colors.js';

export type ProjectLogTarget = {id: string; service: string; name: string; tty?: boolean};

// Colours a service keeps wherever its lines show (picked from its name, so every run agrees).
export const SERVICE_COLORS = PREFIX_COLORS;
export const serviceColor = colorOfName;

// A compose project's logs, interleaved like `docker compose logs -f`: the merged logs of its containers
// (logs/merged-logs.ts), each line prefixed with its service (`web-2` when a service has several containers) in
// the service's colour.
export class ProjectLogs extends MergedLogs<ProjectLogTarget> {
  constructor(
    docker: Docker,
    options: {
      targets: readonly ProjectLogTarget[];
      window: LogWindow;
      follow: boolean;
      bufferLines?: number;
      publishMs?: number;
    },
  ) {
    super(docker, {
      ...options,
      describe(target, all) {
        const several = all.filter(t => t.service === target.service).length > 1;
        return {label: several ? target.name : target.service, color: serviceColor(target.service)};
      },
    });
  }
}
