import {Box, Text} from 'ink';
import type {ReactNode} from 'react';
import {useTheme} from './use-theme.js';

// Columns and rows the frame takes: a rounded border, and one column of padding each side.
export const OVERLAY_FRAME = 4;
export const OVERLAY_FRAME_ROWS = 2;

// Rows inside the frame below the title, for the content.
export const contentRows = (height: number) => Math.max(1, height - OVERLAY_FRAME_ROWS - 1);

// Every dialog and pane over a view is drawn in this one frame: a border (red when the answer destroys
// something), the title on its first row, the content under it. Its keys are in the footer, worded by the
// keymap, so every overlay names them alike; the height comes from the overlay's `height` (OverlaySpec), so
// the frame is as tall as its content and the view stays visible above it.
export function OverlayBox({
  width,
  height,
  title,
  danger,
  children,
}: {
  width: number;
  height: number;
  title: ReactNode;
  danger?: boolean;
  children?: ReactNode;
}) {
  const theme = useTheme();
  return (
    <Box
      flexDirection="column"
      width={width}
      height={height}
      overflow="hidden"
      borderStyle="round"
      borderColor={(danger ? theme.danger : theme.border).color}
      paddingX={1}
      flexShrink={0}
    >
      {/* Content taller than the frame is cut at the bottom, never drawn over the title. */}
      <Box flexShrink={0} height={1} overflow="hidden">
        <Text bold {...(danger ? theme.danger : theme.title)} wrap="truncate-end">
          {title}
        </Text>
      </Box>
      {children}
    </Box>
  );
}
