import {useStdout} from 'ink';
import {useEffect, useState} from 'react';

export type TerminalSize = {columns: number; rows: number};

// Ink 6.8 has no useWindowSize, and components that read stdout.rows do not re-render on resize.
const sizeOf = (stdout: NodeJS.WriteStream): TerminalSize => ({columns: stdout.columns || 80, rows: stdout.rows || 24});

export function useTerminalSize(): TerminalSize {
  const {stdout} = useStdout();
  const [size, setSize] = useState(() => sizeOf(stdout));
  useEffect(() => {
    const onResize = () => setSize(sizeOf(stdout));
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}
