import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Box, CircularProgress, IconButton, Tooltip, Typography } from '@mui/material';
import { RESULT_LABELS as L, RESULT_TEXTS } from '@sim/shared';
import type { AudioState } from '../lib/use-line-audio';

interface LineAudioControlProps {
  who: string;
  state: AudioState;
  /** the line has a transcript (a line with neither audio nor transcript is "( Not Generated! )") */
  hasTranscript: boolean;
  playing: boolean;
  onToggle: () => void;
}

/** Play / pause of a line, or why it cannot play: loading, "Audio is NOT available", "( Not Generated! )". */
export function LineAudioControl({ who, state, hasTranscript, playing, onToggle }: LineAudioControlProps) {
  if (state === 'none' || state === 'failed')
    return (
      <Typography variant="caption" color="text.secondary" data-testid="audio-unavailable">
        {state === 'none' && !hasTranscript ? RESULT_TEXTS.notGenerated : RESULT_TEXTS.audioNotAvailable}
      </Typography>
    );
  const label = playing ? L.pauseLine(who) : L.playLine(who);
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {state === 'loading' ? (
        <CircularProgress size={14} aria-label={L.audioLoading} role="status" data-testid="audio-loading" />
      ) : null}
      <Tooltip title={label}>
        <IconButton size="small" aria-label={label} aria-pressed={playing} onClick={onToggle} color="primary">
          {playing ? <PauseIcon fontSize="small" /> : <PlayArrowIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
    </Box>
  );
}
