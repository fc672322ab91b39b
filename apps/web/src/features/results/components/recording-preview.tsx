import CloseIcon from '@mui/icons-material/Close';
import OndemandVideo from '@mui/icons-material/OndemandVideo';
import { Box, Button, Dialog, DialogContent, DialogTitle, IconButton, Slider, Stack, Typography } from '@mui/material';
import { RESULT_LABELS as L, LABELS, RESULT_TEXTS, type TUserResult } from '@sim/shared';
import { useId, useState } from 'react';

interface Preview {
  title: string;
  urls: string[];
}

/**
 * Preview Recording / Preview Screen Recording (section 2): the attempt's saved video and its screen
 * recordings in a video dialog with a zoom of 1 to 10. Learners see a single Preview Screen Recording button.
 */
export function RecordingPreviewButtons({ result, learner }: { result: TUserResult; learner: boolean }) {
  const [open, setOpen] = useState<Preview | null>(null);
  const screens = result.screen_recording_urls.map((r) => r.url);
  const video = result.video_url ? [result.video_url] : [];
  const buttons: Preview[] = learner
    ? [{ title: RESULT_TEXTS.previewScreenRecording, urls: [...video, ...screens] }]
    : [
        { title: RESULT_TEXTS.previewRecording, urls: video },
        { title: RESULT_TEXTS.previewScreenRecording, urls: screens },
      ];
  const shown = buttons.filter((b) => b.urls.length > 0);
  if (shown.length === 0) return null;
  return (
    <>
      {shown.map((b) => (
        <Button key={b.title} variant="outlined" startIcon={<OndemandVideo />} onClick={() => setOpen(b)}>
          {b.title}
        </Button>
      ))}
      {open ? <VideoDialog preview={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

function VideoDialog({ preview, onClose }: { preview: Preview; onClose: () => void }) {
  const titleId = useId();
  const [zoom, setZoom] = useState(1);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {preview.title}
        <IconButton aria-label={LABELS.close} onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, maxWidth: 320 }}>
          <Typography variant="body2">{L.zoom}</Typography>
          <Slider
            aria-label={L.zoom}
            min={1}
            max={10}
            step={1}
            marks
            value={zoom}
            valueLabelDisplay="auto"
            onChange={(_, value) => setZoom(Array.isArray(value) ? value[0] : value)}
          />
        </Stack>
        <Stack spacing={2}>
          {preview.urls.map((url) => (
            <Box key={url} sx={{ overflow: 'auto', maxHeight: '70vh' }}>
              {/* biome-ignore lint/a11y/useMediaCaption: a screen recording of the learner's own session */}
              <video
                src={url}
                controls
                style={{ width: `${zoom * 100}%`, display: 'block' }}
                aria-label={preview.title}
              />
            </Box>
          ))}
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
