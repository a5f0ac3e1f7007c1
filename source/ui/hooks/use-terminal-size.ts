import {useStdout} from 'ink';
import {useEffect, useState} from 'react';

export type TerminalSize = {columns: number; rows: number};

// Ink 6.8 has no useWindowSize, and components that read stdout.rows do not re-render on resize.
export function useTerminalSize(): TerminalSize {
  const {stdout} = useStdout();
  const read = (): TerminalSize => ({columns: stdout.columns || 80, rows: stdout.rows || 24});
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize(read());
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}
