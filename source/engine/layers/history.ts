// The instruction that made each layer, from the image config's history: entries marked empty_layer (ENV,
// LABEL, CMD…) made no layer, the others match the layers in order. A history shorter than the layers (an
// image put together by hand) leaves the rest without one.
export function layerCommands(config: unknown, layerCount: number): string[] {
  const history = config && typeof config === 'object' ? (config as {history?: unknown}).history : undefined;
  const entries = Array.isArray(history) ? history : [];
  const commands: string[] = [];
  for (const entry of entries) {
    if (!entry || typeof entry !== 'object') continue;
    const {empty_layer: empty, created_by: createdBy, comment} = entry as Record<string, unknown>;
    if (empty === true) continue;
    commands.push(instruction(typeof createdBy === 'string' ? createdBy : typeof comment === 'string' ? comment : ''));
  }
  return Array.from({length: layerCount}, (_, i) => commands[i] ?? '');
}

// "/bin/sh -c #(nop) COPY file:… in /x" → "COPY file:… in /x"; "/bin/sh -c apt-get…" → "RUN apt-get…";
// BuildKit's "RUN /bin/sh -c … # buildkit" → "RUN …".
export function instruction(createdBy: string): string {
  const text = createdBy.trim();
  const nop = /^\/bin\/sh -c #\(nop\)\s*/.exec(text);
  if (nop) return text.slice(nop[0].length).trim();
  const shell = /^\/bin\/sh -c\s+/.exec(text);
  if (shell) return `RUN ${text.slice(shell[0].length)}`;
  return text
    .replace(/^RUN \/bin\/sh -c /, 'RUN ')
    .replace(/ # buildkit$/, '')
    .trim();
}
