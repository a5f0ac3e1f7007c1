import {contextWords} from '../../command-log.js';

// A logged docker command, on the engine's context with several engines (a context's name is shell-safe).
export const onContext = (line: string, engine: string | undefined) =>
  engine ? line.replace(/^docker /, `docker ${contextWords(engine).join(' ')} `) : line;
