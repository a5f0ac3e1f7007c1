import type Docker from 'dockerode';
import type {LogWindow} from '../logs/log-session.js';
import {MergedLogs} from '../logs/merged-logs.js';
import {prefixHue} from '../logs/prefix-hue.js';

export type ProjectLogTarget = {id: string; service: string; name: string; tty?: boolean};

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
        return {label: several ? target.name : target.service, hue: prefixHue(target.service)};
      },
    });
  }
}
