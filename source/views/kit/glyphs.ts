// The marks every list draws in its first cells, in one place. The cursor is a character too: without colour
// (NO_COLOR, dumb terminals) inverse video is not drawn.
export const GLYPH = {cursor: '›', mark: '*', blank: ' '} as const;

// Cells before a row's text: cursor, mark, a space.
export const ROW_PREFIX_CELLS = 3;
