import GraphicEqIcon from '@mui/icons-material/GraphicEq';
import RecordVoiceOverIcon from '@mui/icons-material/RecordVoiceOver';
import StopIcon from '@mui/icons-material/Stop';
import { Button, List, Paper, Stack, Typography } from '@mui/material';
import { RESULT_LABELS as L, TAKE_SIM_TEXTS, type TResultLine } from '@sim/shared';
import { useCallback, useReducer } from 'react';
import { firstLine, IDLE_PLAYLIST, type PlaylistType, playlistReducer } from '../lib/playlist';
import { TranscriptLine } from './transcript-line';

/**
 * The Call Transcript (section 2): every line of the level in order, and one playlist for them: a line's own
 * play button (single), the agent lines one after another (agent) or the whole call (call); each stops after
 * the last line.
 */
export function CallTranscript({
  lines,
  onAudioFailed,
  canOverride = false,
  learnerName = null,
}: {
  lines: readonly TResultLine[];
  /** someone else's result (a reviewer's view): the learner's lines are called by the learner's name, not "You" */
  learnerName?: string | null;
  /** a line's audio failed to load: its signed URL may have expired */
  onAudioFailed?: () => void;
  /** a reviewer who may mark PASS / NO PASS may overturn or grant the learner's keywords */
  canOverride?: boolean;
}) {
  const [playlist, dispatch] = useReducer(playlistReducer, IDLE_PLAYLIST);
  const start = (type: PlaylistType) => {
    const index = firstLine(type, lines);
    if (index !== null) dispatch({ kind: 'play', index, type });
  };
  const ended = useCallback(() => dispatch({ kind: 'ended', lines }), [lines]);
  const pause = useCallback(() => dispatch({ kind: 'pause' }), []);

  return (
    <Paper variant="outlined" component="section" aria-label={TAKE_SIM_TEXTS.callTranscript} sx={{ p: 2 }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}
      >
        <Typography variant="h6" component="h2">
          {TAKE_SIM_TEXTS.callTranscript}
        </Typography>
        <Stack direction="row" spacing={1} role="group" aria-label={L.playlist}>
          <Button
            size="small"
            variant={playlist.type === 'call' && playlist.currentIndex !== null ? 'contained' : 'outlined'}
            startIcon={<GraphicEqIcon />}
            disabled={firstLine('call', lines) === null}
            onClick={() => start('call')}
          >
            {L.playCall}
          </Button>
          <Button
            size="small"
            variant={playlist.type === 'agent' && playlist.currentIndex !== null ? 'contained' : 'outlined'}
            startIcon={<RecordVoiceOverIcon />}
            disabled={firstLine('agent', lines) === null}
            onClick={() => start('agent')}
          >
            {L.playAgent}
          </Button>
          {playlist.currentIndex !== null ? (
            <Button size="small" startIcon={<StopIcon />} onClick={() => dispatch({ kind: 'stop' })}>
              {L.stopPlaylist}
            </Button>
          ) : null}
        </Stack>
      </Stack>
      <List disablePadding>
        {lines.map((line, index) => {
          const active = playlist.currentIndex === index;
          return (
            <TranscriptLine
              key={line._id}
              line={line}
              active={active}
              playing={active && playlist.playing}
              onPlay={() => dispatch(active ? { kind: 'resume' } : { kind: 'play', index, type: 'single' })}
              onPause={pause}
              onEnded={ended}
              onAudioFailed={onAudioFailed}
              canOverride={canOverride}
              learnerName={learnerName}
            />
          );
        })}
      </List>
    </Paper>
  );
}
