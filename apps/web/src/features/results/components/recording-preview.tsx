import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import OndemandVideo from '@mui/icons-material/OndemandVideo';
import SaveIcon from '@mui/icons-material/Save';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  Slider,
  Stack,
  Typography,
} from '@mui/material';
import {
  RESULT_LABELS as L,
  LABELS,
  RESULT_TEXTS,
  SCREEN_RECORDING,
  SCREEN_RECORDING_TEXTS as SR,
  TOAST_DURATIONS_MS,
  type TUserResult,
  type TVideoInfo,
} from '@sim/shared';
import { useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { usePermissions } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { useSaveVideo, useVideo } from '../api/screen-video';
import { resultDate } from '../lib/format';

interface Preview {
  title: string;
  url: string;
}

/**
 * Preview Recording / Preview Screen Recording (section 2): the attempt's screen-recording video in a video
 * dialog with a zoom of 1 to 10. Learners see a single Preview Screen Recording button. The video's status is
 * read from get-video, asked again every 30 s while it is processing (section 9): saved enables the preview,
 * failed says "Error in saving the screen recording!". Holders of "Download Sim Screen Recording Button"
 * (download_video view) save it, mark it as best practice and download it.
 */
export function RecordingPreviewButtons({ result, learner }: { result: TUserResult; learner: boolean }) {
  const [open, setOpen] = useState<Preview | null>(null);
  const hasVideo = result.video_status !== null;
  const video = useVideo(result._id, hasVideo);
  if (!hasVideo) return null;
  const status = video.data?.video_status ?? result.video_status;
  const url = video.data?.video_url ?? result.video_url;
  const ready = status === 'saved' && url !== null;
  const titles = learner
    ? [RESULT_TEXTS.previewScreenRecording]
    : [RESULT_TEXTS.previewRecording, RESULT_TEXTS.previewScreenRecording];
  return (
    <>
      {titles.map((title) => (
        <Button
          key={title}
          variant="outlined"
          startIcon={<OndemandVideo />}
          disabled={!ready}
          onClick={() => url && setOpen({ title, url })}
        >
          {title}
        </Button>
      ))}
      {status === 'processing' && (
        <Box role="status" sx={{ minWidth: 220, flexBasis: '100%' }}>
          <Typography variant="body2">{SR.processing}</Typography>
          <LinearProgress aria-label={SR.processing} />
        </Box>
      )}
      {status === 'failed' && (
        <Alert severity="error" sx={{ flexBasis: '100%' }}>
          {SR.failed}
          {video.data?.error ? ` ${video.data.error}` : ''}
        </Alert>
      )}
      {open && ready ? (
        <VideoDialog
          preview={open}
          attemptId={result._id}
          info={video.data?.video_info ?? null}
          downloadUrl={video.data?.download_url ?? null}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </>
  );
}

interface VideoDialogProps {
  preview: Preview;
  attemptId: string;
  info: TVideoInfo | null;
  downloadUrl: string | null;
  onClose: () => void;
}

function VideoDialog({ preview, attemptId, info, downloadUrl, onClose }: VideoDialogProps) {
  const titleId = useId();
  const [zoom, setZoom] = useState<number>(SCREEN_RECORDING.zoomMin);
  const { can } = usePermissions();
  const canKeep = can('download_video', 'view');
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {preview.title}
        <IconButton aria-label={LABELS.close} onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}
        >
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 240, maxWidth: 320, flexGrow: 1 }}>
            <Typography variant="body2">{L.zoom}</Typography>
            <Slider
              aria-label={L.zoom}
              min={SCREEN_RECORDING.zoomMin}
              max={SCREEN_RECORDING.zoomMax}
              step={1}
              marks
              value={zoom}
              valueLabelDisplay="auto"
              onChange={(_, value) => setZoom(Array.isArray(value) ? value[0] : value)}
            />
          </Stack>
          {canKeep && <KeepActions attemptId={attemptId} url={preview.url} info={info} downloadUrl={downloadUrl} />}
        </Stack>
        {/* zoomed past the width, the video scrolls: a tab stop, so the keyboard scrolls it too (WCAG 2.1.1) */}
        <Box tabIndex={0} role="region" aria-labelledby={titleId} sx={{ overflow: 'auto', maxHeight: '70vh' }}>
          {/* biome-ignore lint/a11y/useMediaCaption: a screen recording of the learner's own session */}
          <video
            src={preview.url}
            controls
            style={{ width: `${zoom * 100}%`, display: 'block' }}
            aria-label={preview.title}
          />
        </Box>
      </DialogContent>
    </Dialog>
  );
}

/** Save, Mark as best practice and Download (download_video view), with when it was saved and marked. */
function KeepActions({
  attemptId,
  url,
  info,
  downloadUrl,
}: {
  attemptId: string;
  url: string;
  info: TVideoInfo | null;
  downloadUrl: string | null;
}) {
  const save = useSaveVideo();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const marked = Boolean(info?.marked_best_practice_on);
  const keep = (bestPractice: boolean, message: string) => {
    setError(null);
    save.mutate(
      { attemptId, url, bestPractice },
      {
        onSuccess: () => toast.show('success', message, { durationMs: TOAST_DURATIONS_MS.recordingSaved }),
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };
  return (
    <Stack spacing={1} sx={{ alignItems: { sm: 'flex-end' } }}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<SaveIcon />}
          disabled={save.isPending}
          onClick={() => keep(marked, SR.saved)}
        >
          {SR.save}
        </Button>
        <Button
          variant={marked ? 'contained' : 'outlined'}
          startIcon={marked ? <StarIcon /> : <StarBorderIcon />}
          aria-pressed={marked}
          disabled={save.isPending}
          onClick={() => keep(!marked, marked ? SR.unmarkedBestPractice : SR.markedBestPractice)}
        >
          {SR.markBestPractice}
        </Button>
        {downloadUrl && (
          <Button variant="outlined" startIcon={<DownloadIcon />} href={downloadUrl} download>
            {SR.download}
          </Button>
        )}
      </Stack>
      {info?.saved_on && (
        <Typography variant="caption" data-testid="video-saved-on">
          {SR.savedOn(resultDate(info.saved_on))}
        </Typography>
      )}
      {info?.marked_best_practice_on && (
        <Typography variant="caption" data-testid="video-marked-on">
          {SR.markedOn(resultDate(info.marked_best_practice_on))}
        </Typography>
      )}
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}
