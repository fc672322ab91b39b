import { Box, Collapse, Link, List, ListItem, Typography } from '@mui/material';
import { RESULT_LABELS as L, RESULT_TEXTS, type TLastFiveTake } from '@sim/shared';
import { useId, useState } from 'react';
import { AudioPlayer } from '../../../components/audio-player';
import { gradeText, resultDate } from '../lib/format';

/** The learner's earlier takes of a line (the last five), each with its own player (section 2). */
export function LastFiveTakes({ takes, myCount }: { takes: readonly TLastFiveTake[]; myCount: number }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (takes.length === 0) return null;
  return (
    <Box sx={{ mt: 1 }}>
      <Link
        component="button"
        type="button"
        variant="body2"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {`${RESULT_TEXTS.lastFive} (${takes.length})`}
      </Link>
      <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
        {L.myCount(myCount)}
      </Typography>
      <Collapse in={open} id={id}>
        <List dense aria-label={RESULT_TEXTS.lastFive}>
          {takes.map((take) => (
            <ListItem key={take.id} sx={{ gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ minWidth: 160 }}>
                {[L.takeOf(take.order), resultDate(take.recorded_at), gradeText(take.grade_score)]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
              {take.audio_url ? (
                <AudioPlayer src={take.audio_url} name={L.takeName(take.order)} />
              ) : (
                <Typography variant="caption" color="text.secondary">
                  {RESULT_TEXTS.audioNotAvailable}
                </Typography>
              )}
            </ListItem>
          ))}
        </List>
      </Collapse>
    </Box>
  );
}
