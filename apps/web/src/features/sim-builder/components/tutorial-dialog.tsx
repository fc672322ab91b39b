import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { BUILDER_TUTORIAL as T, type TSimVideo } from '@sim/shared';
import { useId } from 'react';

interface TutorialDialogProps {
  open: boolean;
  video: TSimVideo | null | undefined;
  onClose: () => void;
}

/** The TUTORIAL of the Create Levels step: the sim's tutorial video (if any) and the guide to levels. */
export function TutorialDialog({ open, video, onClose }: TutorialDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{T.title}</DialogTitle>
      <DialogContent>
        {video ? (
          <Box sx={{ mb: 2 }}>
            <Typography variant="subtitle2" gutterBottom>
              {T.simVideo(video.fileName)}
            </Typography>
            {/* biome-ignore lint/a11y/useMediaCaption: an uploaded tutorial video has no caption track */}
            <video src={video.url} controls preload="metadata" style={{ width: '100%', maxHeight: 360 }} />
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {T.noSimVideo}
          </Typography>
        )}
        <Box component="ol" sx={{ pl: 3, m: 0 }}>
          {T.steps.map((step) => (
            <Typography component="li" variant="body2" key={step} sx={{ mb: 1 }}>
              {step}
            </Typography>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
