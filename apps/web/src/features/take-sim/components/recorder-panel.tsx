import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import MicIcon from '@mui/icons-material/Mic';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import StopIcon from '@mui/icons-material/Stop';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  FormControlLabel,
  FormLabel,
  IconButton,
  LinearProgress,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { TAKE_SIM_TEXTS as T, TAKE_SIM_MESSAGES } from '@sim/shared';
import { useId } from 'react';
import { visuallyHidden } from '../../../components/visually-hidden';
import type { LiveState } from '../lib/use-line-recorder';
import { RecordedClipButton } from './recorded-clip-button';

export type LinePhase = 'idle' | 'starting' | 'recording' | 'stopping' | 'uploading' | 'grading';

interface RecorderPanelProps {
  phase: LinePhase;
  transcript: string;
  live: LiveState;
  level: number;
  keywords: readonly string[];
  ticked: ReadonlySet<string>;
  /** the keywords may be shown before they are said (the level shows the line or its keywords) */
  revealKeywords: boolean;
  recorded: boolean;
  /** the take ends by itself when the learner stops speaking (autoplay) */
  endsBySilence?: boolean;
  clipUrl: string | null;
  uploadProgress: number;
  /** while grading: the lines the server grades before this one, when it waits for a decoder */
  gradingAhead?: number;
  error: { message: string; onRetry: () => void } | null;
  onDismissError: () => void;
  feedbackChoice: { value: boolean; onChange: (value: boolean) => void } | null;
  onRecord: () => void;
  onStop: () => void;
  onRecordAgain: () => void;
}

const PULSE = {
  '@keyframes take-sim-pulse': {
    '0%': { boxShadow: '0 0 0 0 rgba(211, 47, 47, 0.5)' },
    '70%': { boxShadow: '0 0 0 16px rgba(211, 47, 47, 0)' },
    '100%': { boxShadow: '0 0 0 0 rgba(211, 47, 47, 0)' },
  },
  animation: 'take-sim-pulse 1.6s infinite',
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
};

function statusText(phase: LinePhase, recorded: boolean, endsBySilence: boolean, ahead?: number): string {
  switch (phase) {
    case 'starting':
      return T.startingMic;
    case 'recording':
      return endsBySilence ? TAKE_SIM_MESSAGES.recordingAutoplay : T.recordingNow;
    case 'stopping':
      return T.finishing;
    case 'uploading':
      return T.uploading;
    case 'grading':
      return ahead ? T.gradingQueued(ahead) : T.grading;
    default:
      return recorded ? T.recordedStatus : T.recordPrompt;
  }
}

/**
 * What a screen reader hears of the live transcript: a polite live region, in the page from the moment the
 * learner's turn shows (a region inserted together with its first words is not announced), holding what the
 * recogniser has heard so far while the line is recorded. The transcript on screen is the same text; it is
 * not a live region itself, so nothing is read twice.
 */
export function LiveTranscriptAnnouncer({ text }: { text: string }) {
  return (
    <Box aria-live="polite" aria-atomic="true" data-testid="live-transcript-announcer" sx={visuallyHidden}>
      {text}
    </Box>
  );
}

/** The learner's turn: the microphone button, the live transcript, the keywords ticked as they are said. */
export function RecorderPanel(props: RecorderPanelProps) {
  const { phase, recorded, error } = props;
  const recording = phase === 'recording';
  const busy = phase === 'starting' || phase === 'stopping' || phase === 'uploading' || phase === 'grading';
  const showLive = phase === 'recording' || phase === 'stopping' || props.transcript !== '';
  const rtfLabel = useId();

  return (
    <Box component="section" aria-label={T.yourTurn} sx={{ mt: 3 }}>
      <LiveTranscriptAnnouncer text={showLive ? props.transcript : ''} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: 'center' }}>
        <Box sx={{ position: 'relative', flexShrink: 0 }}>
          <IconButton
            aria-label={recording ? T.stop : T.record}
            aria-pressed={recording}
            onClick={recording ? props.onStop : props.onRecord}
            disabled={busy || (recorded && !recording)}
            color={recording ? 'error' : 'primary'}
            sx={{
              width: 88,
              height: 88,
              border: 3,
              borderColor: 'currentColor',
              bgcolor: recording ? 'error.main' : 'background.paper',
              color: recording ? 'common.white' : undefined,
              '&:hover': { bgcolor: recording ? 'error.dark' : undefined },
              ...(recording ? PULSE : {}),
            }}
          >
            {recording ? <StopIcon sx={{ fontSize: 44 }} /> : <MicIcon sx={{ fontSize: 44 }} />}
          </IconButton>
          {busy && (
            <CircularProgress size={100} thickness={2} sx={{ position: 'absolute', top: -6, left: -6 }} aria-hidden />
          )}
        </Box>
        <Box sx={{ flexGrow: 1, minWidth: 0, width: '100%' }}>
          <Typography role="status" sx={{ fontWeight: 500 }}>
            {statusText(phase, recorded, props.endsBySilence ?? false, props.gradingAhead)}
          </Typography>
          {recording && (
            <LinearProgress
              variant="determinate"
              value={Math.round(props.level * 100)}
              aria-label={T.inputLevel}
              color="error"
              sx={{
                mt: 1,
                height: 4,
                borderRadius: 2,
                maxWidth: 240,
                '& .MuiLinearProgress-bar': { transition: 'none' },
              }}
            />
          )}
          {phase === 'uploading' && (
            <LinearProgress
              variant="determinate"
              value={props.uploadProgress}
              aria-label={T.uploading}
              sx={{ mt: 1, maxWidth: 320 }}
            />
          )}
          {phase === 'grading' && <LinearProgress aria-label={T.grading} sx={{ mt: 1, maxWidth: 320 }} />}
          {recorded && phase === 'idle' && (
            <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip color="success" size="small" icon={<CheckCircleIcon />} label={T.recorded} />
              {props.clipUrl && <RecordedClipButton url={props.clipUrl} />}
              <Button size="small" onClick={props.onRecordAgain}>
                {T.reRecord}
              </Button>
            </Stack>
          )}
        </Box>
      </Stack>

      {error && (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          onClose={props.onDismissError}
          action={
            <Button color="inherit" size="small" onClick={error.onRetry}>
              {T.retry}
            </Button>
          }
        >
          {error.message}
        </Alert>
      )}

      {props.keywords.length > 0 && <KeywordTicks {...props} />}

      {showLive && (
        <Paper
          variant="outlined"
          component="section"
          aria-label={T.liveTranscript}
          sx={{ mt: 2, p: 2, bgcolor: 'grey.50' }}
        >
          <Typography variant="overline" component="h3" color="text.secondary">
            {T.liveTranscript}
          </Typography>
          <Typography data-testid="live-transcript" sx={{ minHeight: '1.5em' }}>
            {props.transcript || (props.live === 'unavailable' ? '' : T.listening)}
          </Typography>
          {props.live === 'unavailable' && (
            <Typography variant="body2" color="text.secondary">
              {T.liveUnavailable}
            </Typography>
          )}
        </Paper>
      )}

      {props.feedbackChoice && (
        <Box sx={{ mt: 2, display: 'flex', alignItems: 'center', gap: 2 }}>
          <FormLabel id={rtfLabel}>{T.rtfChoice}</FormLabel>
          <RadioGroup
            row
            aria-labelledby={rtfLabel}
            value={props.feedbackChoice.value ? 'yes' : 'no'}
            onChange={(e) => props.feedbackChoice?.onChange(e.target.value === 'yes')}
          >
            <FormControlLabel value="yes" control={<Radio size="small" />} label={T.yes} />
            <FormControlLabel value="no" control={<Radio size="small" />} label={T.no} />
          </RadioGroup>
        </Box>
      )}
    </Box>
  );
}

function KeywordTicks({ keywords, ticked, revealKeywords }: RecorderPanelProps) {
  const said = keywords.filter((k) => ticked.has(k));
  const shown = revealKeywords ? keywords : said;
  return (
    <Box component="section" aria-label={T.keywords} sx={{ mt: 2 }}>
      <Typography variant="overline" component="h3" color="text.secondary">
        {T.keywords} · {T.keywordsHit(said.length, keywords.length)}
      </Typography>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}>
        {shown.map((keyword) => {
          const hit = ticked.has(keyword);
          return (
            <li key={keyword}>
              <Chip
                aria-label={hit ? T.keywordHit(keyword) : T.keywordWaiting(keyword)}
                icon={hit ? <CheckCircleIcon /> : <RadioButtonUncheckedIcon />}
                color={hit ? 'success' : 'default'}
                variant={hit ? 'filled' : 'outlined'}
                label={keyword}
                sx={{ transition: 'background-color 200ms' }}
              />
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
