import type {ComponentType} from 'react';
import type {OverlayKind} from '../../store/state.js';
import type {Size} from '../../views/types.js';
import {ConfirmDialog, TextOverlay} from './Dialogs.js';
import {HelpOverlay} from './HelpOverlay.js';

// How the shell's own overlays are drawn (views bring theirs in OverlaySpec.Component).
export const SHELL_OVERLAY_COMPONENTS: Partial<Record<OverlayKind, ComponentType<Size>>> = {
  help: HelpOverlay,
  confirm: ConfirmDialog,
  text: TextOverlay,
};
