import {RegistryError, problem} from './errors.js';

export interface RegistryFlags {
  registry?: string;
  registryCa?: string;
}

export interface RegistrySettings {
  url?: string;
  caFile?: string;
}

// Flags first, then the environment (--registry / BERTH_REGISTRY, --registry-ca /
// BERTH_REGISTRY_CA). The UI and the headless commands resolve them the same way.
export function resolveRegistrySettings(flags: RegistryFlags, env: NodeJS.ProcessEnv): RegistrySettings {
  return {
    url: flags.registry || env.BERTH_REGISTRY || undefined,
    caFile: flags.registryCa || env.BERTH_REGISTRY_CA || undefined,
  };
}

export function missingRegistryError(command: string): RegistryError {
  return new RegistryError(
    'usage',
    problem(
      `berth registry ${command}`,
      'needs a registry',
      'Pass --registry URL (or set BERTH_REGISTRY), e.g. --registry https://127.0.0.1:5000.',
    ),
  );
}
