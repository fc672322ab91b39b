import { Box, Card, CardContent, CircularProgress, Grid, Typography } from '@mui/material';
import type { TUserResult } from '@sim/shared';
import { RESULT_LABELS as L } from '@sim/shared';
import { useId } from 'react';
import { type ShownFigure, shownFigures } from '../lib/figures';

function FigureCard({ figure }: { figure: ShownFigure }) {
  const id = useId();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="caption" color="text.secondary" id={id} component="p">
          {figure.label}
        </Typography>
        <Typography variant="h6" component="p" aria-labelledby={id} data-testid={`figure-${figure.key}`}>
          {figure.text}
        </Typography>
      </CardContent>
    </Card>
  );
}

interface AccuracyFiguresProps {
  result: TUserResult;
  voiceOnly: boolean;
  /** the region's name ("Your result" for the learner) */
  label: string;
}

/**
 * Keyword, typing, data-selection and overall accuracy with the spec's N/A and hiding rules; a spinner
 * until every agent line is Completed (the figures are final then).
 */
export function AccuracyFigures({ result, voiceOnly, label }: AccuracyFiguresProps) {
  const figures = shownFigures(result, {
    levelOrder: result.level.order,
    voiceOnly,
    autoPopulate: result.auto_populate,
  });
  return (
    <Box component="section" aria-label={label}>
      {!result.all_completed ? (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <CircularProgress size={18} aria-label={L.processing} />
          <Typography variant="body2">{L.processing}</Typography>
        </Box>
      ) : null}
      <Grid container spacing={1}>
        {figures.map((figure) => (
          <Grid key={figure.key} size={{ xs: 6 }}>
            <FigureCard figure={figure} />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
