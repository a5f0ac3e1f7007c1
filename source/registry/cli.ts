// Placeholder until the registry client's headless commands land (helper writing source/registry/ replaces this file).
export async function registryCommand(_args: string[], io: {stderr: NodeJS.WritableStream}): Promise<number> {
  io.stderr.write('berth: registry commands are not built yet\n');
  return 1;
}
