import {execFile} from 'node:child_process';

// `compose config --services` (argv from runner.ts `composeArgs`): the services a project's files declare, the ones
// without containers included; or why compose could not say (its last lines of stderr).
export function configuredServices(
  command: {program: string; args: readonly string[]},
  options: {cwd?: string; env: NodeJS.ProcessEnv},
): Promise<{services: string[]} | {error: string}> {
  return new Promise(resolve => {
    execFile(
      command.program,
      [...command.args],
      {cwd: options.cwd, env: options.env, timeout: 20_000, encoding: 'utf8', maxBuffer: 1024 * 1024},
      (error, stdout, stderr) => {
        if (error) {
          const why = `${stderr || error.message}`.trim().split('\n').filter(Boolean).slice(-3).join(' · ');
          resolve({error: why});
        } else
          resolve({
            services: stdout
              .split('\n')
              .map(line => line.trim())
              .filter(Boolean),
          });
      },
    );
  });
}
