import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Grid,
  List,
  ListItem,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { ASSIGNMENT_LIMITS, CHARACTER_COLOURS, TAKE_SIM_TEXTS as T, type TFinalScoreResponse } from '@sim/shared';
import { type ComponentType, createContext, useContext, useId } from 'react';
import { isGraded, useLineResults } from '../api/line-result';
import { durationText, figureText, gradeText } from '../lib/format';
import type { PlayStep } from '../lib/steps';

export interface ResultLine {
  step: PlayStep;
  lineId: string | null;
}

/** What the post-attempt view is given when the app plugs in the full result view (app/routes/take-sim-route.tsx). */
export interface FinishedAttempt {
  assignmentId: string;
  simId: string;
  levelId: string;
  userId: string | null;
  /** the attempt just finished */
  responseId: string;
  /** the sim's kind or the dashboard's list type */
  type: string | null;
  onBack: () => void;
}

/** The attempt's keys the take-sim page knows (its query and state), and the view the app plugs in. */
export interface AttemptResultSlot {
  Result: ComponentType<FinishedAttempt>;
  query: Omit<FinishedAttempt, 'responseId' | 'onBack'>;
}

/** Set by TakeSimPage when the app gives it a result view; without one the figures below are shown. */
export const AttemptResultSlotContext = createContext<AttemptResultSlot | null>(null);

interface AttemptResultProps {
  levelName: string;
  result: TFinalScoreResponse;
  lines: readonly ResultLine[];
  /** Voice Only products have no typing or data selection */
  voiceOnly: boolean;
  onBack: () => void;
}

/**
 * The post-attempt view: the full result view when the app plugs one in (AttemptResultSlotContext); else the
 * level's figures ("N/A" where one does not apply) and each of the learner's lines with its transcript,
 * correct and missed keywords and confidence.
 */
export function AttemptResult(props: AttemptResultProps) {
  const slot = useContext(AttemptResultSlotContext);
  if (slot) return <slot.Result {...slot.query} responseId={props.result.user_response_id} onBack={props.onBack} />;
  return <AttemptFigures {...props} />;
}

function AttemptFigures({ levelName, result, lines, voiceOnly, onBack }: AttemptResultProps) {
  const figures = [
    { label: T.figures.keyword, value: result.keyword_accuracy },
    ...(voiceOnly
      ? []
      : [
          { label: T.figures.typing, value: result.typing_accuracy },
          { label: T.figures.dataSelection, value: result.data_selection_accuracy },
        ]),
    { label: T.figures.overall, value: result.overall_percentage },
  ];
  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto' }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2, flexWrap: 'wrap' }}
      >
        <Typography variant="h5" component="h1">
          {T.resultOf(levelName)}
        </Typography>
        <Button variant="contained" onClick={onBack}>
          {T.backToDashboard}
        </Button>
      </Stack>
      <Grid container spacing={2} component="section" aria-label={T.resultTitle} sx={{ mb: 3 }}>
        {figures.map((f) => (
          <Grid key={f.label} size={{ xs: 6, md: 12 / figures.length }}>
            <FigureCard label={f.label} value={f.value} />
          </Grid>
        ))}
      </Grid>
      <Stack direction="row" spacing={3} sx={{ mb: 3 }}>
        <Typography>
          {T.totalTime}: <strong>{durationText(result.totalSeconds)}</strong>
        </Typography>
        <Typography>
          {T.wrapTime}: <strong>{durationText(result.wrapSeconds)}</strong>
        </Typography>
      </Stack>
      <TranscriptLines lines={lines} />
    </Box>
  );
}

function FigureCard({ label, value }: { label: string; value: number | null }) {
  const id = useId();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary" id={id}>
          {label}
        </Typography>
        <Typography variant="h5" component="p" aria-labelledby={id} data-testid="figure">
          {figureText(value)}
        </Typography>
      </CardContent>
    </Card>
  );
}

function TranscriptLines({ lines }: { lines: readonly ResultLine[] }) {
  const ids = lines.flatMap((l) => (l.lineId ? [l.lineId] : []));
  const results = useLineResults(ids, ASSIGNMENT_LIMITS.keywordPollMs * 5);
  const byId = new Map(ids.map((id, i) => [id, results[i]]));
  return (
    <Paper variant="outlined" component="section" aria-label={T.callTranscript} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {T.callTranscript}
      </Typography>
      <List>
        {lines.map(({ step, lineId }) => {
          const query = lineId ? byId.get(lineId) : undefined;
          const data = query?.data;
          return (
            <ListItem
              key={step.step._id}
              aria-label={step.step.script}
              sx={{ display: 'block', borderLeft: `4px solid ${CHARACTER_COLOURS[step.type]}`, mb: 1.5, pl: 2 }}
            >
              <Typography variant="subtitle2">{step.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {step.step.script}
              </Typography>
              {!lineId ? (
                <Typography variant="body2">{T.notGenerated}</Typography>
              ) : !data || !isGraded(data) ? (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }} role="status">
                  <CircularProgress size={16} />
                  <Typography variant="body2">{T.stillProcessing}</Typography>
                </Box>
              ) : (
                <Box sx={{ mt: 0.5 }}>
                  <Typography variant="body2">
                    <strong>{T.transcribed}:</strong> {data.transcription || T.notGenerated}
                  </Typography>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, my: 0.5 }}>
                    {data.correct_keywords.map((k) => (
                      <Chip key={`c-${k}`} size="small" color="success" icon={<CheckCircleIcon />} label={k} />
                    ))}
                    {data.missed_keywords.map((k) => (
                      <Chip
                        key={`m-${k}`}
                        size="small"
                        color="error"
                        variant="outlined"
                        icon={<CancelIcon />}
                        label={k}
                      />
                    ))}
                  </Box>
                  <Typography variant="body2">
                    {T.confidence}: <strong>{gradeText(data.grade_score)}</strong>
                  </Typography>
                </Box>
              )}
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}
