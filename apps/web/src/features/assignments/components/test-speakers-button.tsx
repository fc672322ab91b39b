import VolumeUp from '@mui/icons-material/VolumeUp';
import { Button, CircularProgress, Stack, Typography } from '@mui/material';
import { SIM_DETAIL_TEXTS as T } from '@sim/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getSampleClip } from '../api/get-sample-clip';
import { playSpeakerTest } from '../lib/speaker-test';

interface TestSpeakersButtonProps {
  assignmentId: string;
  /** the level whose first customer clip is the sample; null: the chime */
  sampleLevelId: string | null;
}

/** TEST SPEAKERS: plays the sim's first customer clip (or a chime) so the learner can check the sound. */
export function TestSpeakersButton({ assignmentId, sampleLevelId }: TestSpeakersButtonProps) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<'idle' | 'playing' | 'failed'>('idle');

  const play = async () => {
    setState('playing');
    try {
      const clip = sampleLevelId ? await getSampleClip(queryClient, sampleLevelId, assignmentId) : null;
      await playSpeakerTest(clip);
      setState('idle');
    } catch {
      setState('failed');
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Button
        variant="outlined"
        startIcon={state === 'playing' ? <CircularProgress size={16} /> : <VolumeUp />}
        onClick={() => void play()}
        disabled={state === 'playing'}
      >
        {T.testSpeakers}
      </Button>
      <Typography variant="caption" color={state === 'failed' ? 'error' : 'text.secondary'} role="status">
        {state === 'playing' ? T.speakersPlaying : state === 'failed' ? T.speakersFailed : ''}
      </Typography>
    </Stack>
  );
}
