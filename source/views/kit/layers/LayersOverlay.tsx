import {counted} from '../../../text/plural.js';
import {Box, Text} from 'ink';
import type {ImageLayers, TreeNode} from '../../../engine/layers/analysis.js';
import {bytes} from '../../../text/format.js';
import {sanitizeLine} from '../../../text/sanitize.js';
import {contentRows, OVERLAY_FRAME, OverlayBox} from '../../OverlayBox.js';
import {useStore} from '../../use-store.js';
import {useTheme} from '../../use-theme.js';
import {GLYPH} from '../glyphs.js';
import {ListTable} from '../ListBody.js';
import {shownFiles, shownLayer} from './files.js';
import {LAYER_ROWS, layersTable} from './layers-table.js';
import type {LayersOverlay as Overlay} from './state.js';
import type {TreeRow} from './tree-rows.js';

const CHANGE_MARK = {added: '+', modified: '~', deleted: '-', opaque: '!', same: ' '} as const;

export function summary(result: ImageLayers): string {
  const efficiency = (Math.floor(result.efficiency * 1000) / 10).toFixed(1);
  return `${counted(result.layers.length, 'layer')} · ${bytes(result.size)} in ${counted(result.files, 'file')} · wasted ${bytes(result.wasted)} · efficiency ${efficiency}%`;
}

function fileLine(row: TreeRow, overlay: Overlay, expanded: ReadonlySet<string>, width: number): string {
  const node: TreeNode = row.node;
  if (overlay.mode === 'waste') {
    const size = bytes(node.size).padStart(8);
    return `${size}  ×${node.layer}  ${row.path}`;
  }
  const mark = overlay.mode === 'layer' ? `${CHANGE_MARK[node.change]} ` : '';
  const open = node.children ? (expanded.has(row.path) ? '▾' : '▸') : ' ';
  const name = node.children ? `${node.name}/` : node.link !== undefined ? `${node.name} → ${node.link}` : node.name;
  const size = node.kind === 'deleted' ? 'deleted' : bytes(node.size);
  const where = overlay.mode === 'merged' && !node.children ? `  L${node.layer + 1}` : '';
  const text = `${mark}${'  '.repeat(row.depth)}${open} ${name}`;
  const right = `${size}${where}`;
  const room = Math.max(1, width - right.length - 1);
  return `${text.length > room ? `${text.slice(0, room - 1)}…` : text.padEnd(room)} ${right}`;
}

function filesTitle(overlay: Overlay, result: ImageLayers): string {
  if (overlay.mode === 'merged') return `the merged tree · ${result.files.toLocaleString('en-US')} files`;
  if (overlay.mode === 'waste') return 'wasted: paths in more than one layer (dive counts every copy)';
  const layer = result.layers[shownLayer(overlay)];
  return layer ? `files of layer ${layer.index + 1}: ${layer.command || '(no history)'}` : '';
}

function Progress({overlay, width}: {overlay: Overlay; width: number}) {
  const theme = useTheme();
  const progress = overlay.progress;
  const percent =
    progress?.total && progress.total > 0
      ? Math.min(99, Math.floor((progress.bytes / progress.total) * 100))
      : undefined;
  const barWidth = Math.max(10, Math.min(60, width - 10));
  const filled = percent === undefined ? 0 : Math.round((barWidth * percent) / 100);
  return (
    <>
      {percent === undefined ? null : (
        <Text wrap="truncate-end">
          <Text {...theme.success}>{'█'.repeat(filled)}</Text>
          <Text {...theme.muted}>{'░'.repeat(barWidth - filled)}</Text>
          {` ${String(percent).padStart(3)}%`}
        </Text>
      )}
      <Text wrap="truncate-end">
        {progress
          ? `reading the layers: ${bytes(progress.bytes)}${progress.total ? ` of ${bytes(progress.total)}` : ''}`
          : 'asking for the image…'}
      </Text>
      <Text {...theme.muted} wrap="truncate-end">
        only the file index is kept; esc cancels
      </Text>
    </>
  );
}

// l on an image or a registry tag: the layers (size, what each added, changed and deleted, the instruction) over
// the files of the one under the cursor, the merged tree or the waste (m); tab moves between the two parts.
export function LayersOverlay({width, height}: {width: number; height: number}) {
  const overlay = useStore(state => (state.overlay?.kind === 'layers' ? state.overlay : undefined));
  const theme = useTheme();
  if (!overlay) return null;
  const inner = Math.max(10, width - OVERLAY_FRAME);
  const rows = contentRows(height);
  const title = `layers of ${sanitizeLine(overlay.title)}`;
  const result = overlay.result;
  if (!result)
    return (
      <OverlayBox width={width} height={height} title={title}>
        {overlay.error ? (
          <Text {...theme.error} wrap="wrap">
            {sanitizeLine(overlay.error)}
          </Text>
        ) : (
          <Progress overlay={overlay} width={inner} />
        )}
      </OverlayBox>
    );
  const tableHeight = Math.min(result.layers.length, LAYER_ROWS, Math.max(1, rows - 4)) + 1;
  const fileHeight = Math.max(1, rows - tableHeight - 2);
  const files = shownFiles(overlay);
  const top = Math.max(0, Math.min(files.cursor - fileHeight + 1, files.rows.length - fileHeight));
  const focusFiles = overlay.focus === 'files';
  return (
    <OverlayBox width={width} height={height} title={title}>
      <Text {...theme.muted} wrap="truncate-end">
        {summary(result)}
      </Text>
      <ListTable table={layersTable} width={inner} height={tableHeight} />
      <Text bold {...theme.columnHeader} wrap="truncate-end">
        {sanitizeLine(filesTitle(overlay, result))}
      </Text>
      <Box flexDirection="column" height={fileHeight} overflowY="hidden">
        {files.rows.length === 0 ? (
          <Text {...theme.muted}>{overlay.mode === 'waste' ? 'nothing wasted' : 'no files'}</Text>
        ) : (
          files.rows.slice(top, top + fileHeight).map((row, i) => {
            const selected = focusFiles && top + i === files.cursor;
            const deleted = row.node.kind === 'deleted';
            return (
              <Text
                key={row.path}
                {...(selected ? theme.selection : deleted ? theme.error : undefined)}
                wrap="truncate-end"
              >
                {`${selected ? GLYPH.cursor : GLYPH.blank} ${sanitizeLine(fileLine(row, overlay, files.expanded, inner - 2))}`}
              </Text>
            );
          })
        )}
      </Box>
    </OverlayBox>
  );
}
