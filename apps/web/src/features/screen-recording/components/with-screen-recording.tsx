import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import { Alert, Box, Chip } from '@mui/material';
import { SCREEN_RECORDING_TEXTS as SR } from '@sim/shared';
import { type ReactNode, useMemo } from 'react';
import { uploadPercent } from '../lib/recording-session';
import { useScreenRecording } from '../lib/use-screen-recording';
import { ScreenRecordingDialog } from './screen-recording-dialog';

/** What the level is given (features/take-sim's LevelRecording, the same shape). */
export interface LevelRecording {
  /** after All Done: stop, send the rest and build the video (the attempt's seconds); null: no recording */
  finish: ((totalSeconds: number) => Promise<void>) | null;
  /** parts acknowledged ÷ parts, in percent; null: no recording */
  uploadPercent: number | null;
  /** when the level began (the dialog was answered) */
  startedAt: number | null;
}

interface WithScreenRecordingProps {
  attemptId: string;
  /** the level's screenRecording setting (the navigation state) */
  enabled: boolean;
  children: (recording: LevelRecording) => ReactNode;
}

/**
 * A level with screen recording on: the Screen Recording dialog first, then the level (`children`) with the
 * recording; a notice says why there is none (an unsupported browser, no screen chosen). Keyed by the attempt
 * (src/app passes it to features/take-sim as its ScreenRecording part).
 */
export function WithScreenRecording({ attemptId, enabled, children }: WithScreenRecordingProps) {
  const gate = useScreenRecording(attemptId, enabled);
  const { session, decidedAt, progress } = gate;
  const finish = useMemo(() => (session ? (seconds: number) => session.finish(seconds) : null), [session]);
  if (gate.step !== 'done') return <ScreenRecordingDialog gate={gate} />;
  return (
    <>
      {gate.notice && (
        <Alert severity="warning" onClose={gate.actions.dismissNotice} sx={{ mb: 2, maxWidth: 960, mx: 'auto' }}>
          {gate.notice}
        </Alert>
      )}
      {session?.recording && (
        <Box sx={{ maxWidth: 960, mx: 'auto', mb: 1 }}>
          <Chip
            role="status"
            size="small"
            color="error"
            variant="outlined"
            icon={<FiberManualRecord />}
            label={`${SR.recording} (${SR.screens(session.screenCount)})`}
          />
        </Box>
      )}
      {children({ finish, uploadPercent: session ? uploadPercent(progress) : null, startedAt: decidedAt })}
    </>
  );
}
