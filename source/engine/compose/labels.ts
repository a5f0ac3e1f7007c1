// The labels compose (v1 and v2) puts on the containers it makes; berth never rebuilds container names (v1 joins
// with `_`, v2 with `-`), it groups by these.
export type ComposeLabels = {
  project: string;
  service: string;
  // Where compose ran, on the machine that ran it (against a remote engine it may not exist here).
  workingDir?: string;
  // As compose stored them: v1 as given (often relative to workingDir), v2 absolute, comma-separated.
  configFiles: readonly string[];
  // The --env-file it ran with (v1 1.28+ and v2 record it).
  envFile?: string;
  oneoff: boolean;
  number?: number;
};

export const PROJECT_LABEL = 'com.docker.compose.project';

export function composeLabels(labels: Record<string, string> | undefined): ComposeLabels | undefined {
  const project = labels?.[PROJECT_LABEL];
  if (!labels || !project) return undefined;
  const files = labels['com.docker.compose.project.config_files'];
  const number = Number(labels['com.docker.compose.container-number']);
  return {
    project,
    service: labels['com.docker.compose.service'] ?? '',
    workingDir: labels['com.docker.compose.project.working_dir'] || undefined,
    configFiles: files
      ? files
          .split(',')
          .map(file => file.trim())
          .filter(Boolean)
      : [],
    envFile: labels['com.docker.compose.project.environment_file'] || undefined,
    oneoff: /^true$/i.test(labels['com.docker.compose.oneoff'] ?? ''),
    number: Number.isFinite(number) && number > 0 ? number : undefined,
  };
}
