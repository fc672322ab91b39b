import MicIcon from '@mui/icons-material/Mic';
import StopIcon from '@mui/icons-material/Stop';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  IconButton,
  List,
  ListItem,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import {
  AUTHORING_TEXTS,
  SCRIPT_TOOLS_MESSAGES,
  SCRIPT_TOOLS_TEXTS as T,
  type TGradeTranscriptionResponse,
} from '@sim/shared';
import { useState } from 'react';
import { errorMessage } from '../../../../lib/api-client';
import { LEARNER_AUDIO_CONSTRAINTS } from '../../../../lib/capture-settings';
import { MicrophoneError, useRecorder } from '../../../../lib/use-recorder';
import { useGradeTryOut } from '../api/grade-try-out';
import type { ScriptDialogProps } from '../lib/dialog-props';
import { ToolBody, ToolDialog } from './tool-dialog';

type Phase = 'idle' | 'recording' | 'processing' | 'result';

/**
 * Try Test (authoring.md sections 2 and 4): the author says the line; the recording is transcribed and
 * graded on the server (POST grade-transcription) against the script's keywords and tests. States: idle,
 * recording, processing (loader), result. The line passes when grade_score is at least the confidence.
 */
export function TryTestDialog({ open, simId, script, onClose, onSaved }: ScriptDialogProps) {
  return (
    <ToolDialog open={open} title={T.tryTestTitle} onClose={onClose}>
      <TryTest simId={simId} script={script} onClose={onClose} onSaved={onSaved} />
    </ToolDialog>
  );
}

const percent = (n: number) => Math.round(n);

function TryTest({ script, onClose, onSaved }: Omit<ScriptDialogProps, 'open'>) {
  // graded like a learner's line, so recorded with the learner's capture settings
  const recorder = useRecorder(LEARNER_AUDIO_CONSTRAINTS);
  const grade = useGradeTryOut();
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<TGradeTranscriptionResponse | null>(null);

  const start = async () => {
    setError(null);
    try {
      await recorder.start();
      setResult(null);
      setPhase('recording');
    } catch (err) {
      setError(err instanceof MicrophoneError ? err.message : SCRIPT_TOOLS_MESSAGES.micFailed);
    }
  };

  const stop = async () => {
    const audio = await recorder.stop();
    if (audio.size === 0) {
      setPhase('idle');
      setError(SCRIPT_TOOLS_MESSAGES.emptyRecording);
      return;
    }
    setPhase('processing');
    try {
      setResult(await grade.mutateAsync({ scriptId: script._id, audio }));
      setPhase('result');
      onSaved();
    } catch (err) {
      setPhase('idle');
      setError(errorMessage(err));
    }
  };

  const recording = phase === 'recording';
  const confidence = result?.overalConfidence ?? script.overalConfidence;

  return (
    <ToolBody actions={<Button onClick={onClose}>{T.close}</Button>}>
      <Typography variant="subtitle2" component="h3">
        {T.actualScript}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap', mb: 1 }}>{script.script}</Typography>
      <Typography variant="body2" color="text.secondary">
        {T.confidenceOf(confidence)}
      </Typography>

      <Stack alignItems="center" spacing={1} sx={{ my: 3 }}>
        <IconButton
          aria-label={recording ? T.stopRecording : T.startRecording}
          aria-pressed={recording}
          onClick={() => void (recording ? stop() : start())}
          disabled={phase === 'processing'}
          color={recording ? 'error' : 'primary'}
          size="large"
          sx={{ border: 2, borderColor: 'currentColor', width: 72, height: 72 }}
        >
          {recording ? <StopIcon fontSize="large" /> : <MicIcon fontSize="large" />}
        </IconButton>
        <Typography variant="body2" role="status">
          {recording ? T.recordingNow : phase === 'processing' ? T.processing : T.recordPrompt}
        </Typography>
        {phase === 'processing' ? <CircularProgress aria-label={T.processing} /> : null}
      </Stack>

      {error ? (
        <Alert severity="error" closeText={T.dismiss} onClose={() => setError(null)} sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}

      {phase === 'result' && result ? <TryTestResult result={result} confidence={confidence} /> : null}
    </ToolBody>
  );
}

function TryTestResult({ result, confidence }: { result: TGradeTranscriptionResponse; confidence: number }) {
  const passed = result.grade_score >= confidence;
  const tests = [
    ...result.tests_matched.map((t) => ({ ...t, status: T.testPassed })),
    ...result.missed_tests.map((t) => ({ ...t, status: T.testMissed })),
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label={T.transcription} component="section">
      <Typography variant="subtitle2" component="h3">
        {T.transcription}
      </Typography>
      <Typography sx={{ mb: 2 }} data-testid="try-test-transcription">
        {result.transcription}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        <Typography variant="h6" component="p">
          {T.score(percent(result.grade_score))}
        </Typography>
        <Chip color={passed ? 'success' : 'error'} label={passed ? T.linePassed : T.lineMissed} />
      </Box>
      <Typography variant="subtitle2" component="h3">
        {T.testsResult}
      </Typography>
      {tests.length === 0 ? (
        <Typography>{AUTHORING_TEXTS.noTests}</Typography>
      ) : (
        <List dense aria-label={T.testsResult}>
          {tests.map((t) => (
            <ListItem key={`${t.status}:${t.name}`} sx={{ color: t.passed ? 'success.main' : 'error.main' }}>
              {T.testGrade(t.name, t.status, percent(t.score))}
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
