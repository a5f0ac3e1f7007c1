import {Text} from 'ink';
import {describeProgress, type ArchiveProgress} from '../../../engine/archives/progress.js';
import {sanitizeLine} from '../../../text/sanitize.js';
import {OverlayBox} from '../../OverlayBox.js';
import {useStore} from '../../use-store.js';
import {useTheme} from '../../use-theme.js';

// The archive under way: what, where, a bar when the total is known, bytes and rate; esc cancels (footer).
export function ArchiveProgressOverlay({width, height}: {width: number; height: number}) {
  const job = useStore(state => state.archives.job);
  if (!job) return null;
  return <ProgressWindow width={width} height={height} title={job.title} progress={job.progress} />;
}

// A transfer's window (an archive, a copy out of or into a container): its title, the bar, bytes and rate.
export function ProgressWindow({
  width,
  height,
  title,
  progress,
}: {
  width: number;
  height: number;
  title: string;
  progress: ArchiveProgress | undefined;
}) {
  const theme = useTheme();
  const barWidth = Math.max(10, Math.min(60, width - 10));
  const percent = progress?.percent;
  const filled = percent === undefined ? 0 : Math.round((barWidth * percent) / 100);
  return (
    <OverlayBox width={width} height={height} title={sanitizeLine(title)}>
      {percent === undefined ? (
        <Text> </Text>
      ) : (
        <Text wrap="truncate-end">
          {' '}
          <Text {...theme.success}>{'█'.repeat(filled)}</Text>
          <Text {...theme.muted}>{'░'.repeat(barWidth - filled)}</Text>
          {` ${String(percent).padStart(3)}%`}
        </Text>
      )}
      <Text wrap="truncate-end">{` ${progress ? describeProgress(progress) : 'waiting for the engine…'}`}</Text>
    </OverlayBox>
  );
}
