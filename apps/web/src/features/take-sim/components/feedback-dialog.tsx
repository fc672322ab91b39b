import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import {
  evidenceNote,
  TAKE_SIM_TEXTS as T,
  TAKE_SIM_MESSAGES,
  type TKeywordEvidence,
  type TLineResultResponse,
} from '@sim/shared';
import { useId } from 'react';
import { gradeText } from '../lib/format';
import { RecordedClipButton } from './recorded-clip-button';

interface FeedbackDialogProps {
  open: boolean;
  /** null while the line is still being checked after the last try */
  result: TLineResultResponse | null;
  /** the grading did not finish within the tries */
  slow: boolean;
  naturalLanguage: boolean;
  clipUrl: string | null;
  isLast: boolean;
  retrying: boolean;
  error: string | null;
  onRetry: () => void;
  onNext: () => void;
}

/**
 * Real Time Feedback (learner-and-review.md section 2): a pass or fail icon; for natural-language sims the
 * tests with pass/fail marks, otherwise Missed Keywords and Correct Keywords; Play recorded clip, Retry, and
 * Next (Done on the last clip).
 */
export function FeedbackDialog(props: FeedbackDialogProps) {
  const titleId = useId();
  const { result } = props;
  const failed = result?.status === 'Failed';
  const passed = result !== null && !failed && result.passed;

  return (
    <Dialog open={props.open} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{T.feedbackTitle}</DialogTitle>
      <DialogContent dividers>
        {result ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
            {passed ? (
              <CheckCircleIcon color="success" sx={{ fontSize: 48 }} aria-hidden data-testid="feedback-pass" />
            ) : (
              <CancelIcon color="error" sx={{ fontSize: 48 }} aria-hidden data-testid="feedback-fail" />
            )}
            <Box>
              <Typography variant="h6" component="p" color={passed ? 'success.main' : 'error.main'}>
                {passed ? T.passed : T.failed}
              </Typography>
              {!failed && <Typography color="text.secondary">{T.score(gradeText(result.grade_score))}</Typography>}
            </Box>
          </Box>
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }} role="status">
            {!props.slow && <CircularProgress size={28} />}
            <Typography>{props.slow ? T.gradingSlow : T.grading}</Typography>
          </Box>
        )}
        {failed && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {T.gradingFailed}
          </Alert>
        )}
        {result &&
          !failed &&
          (props.naturalLanguage ? <TestList result={result} /> : <KeywordColumns result={result} />)}
        {result && result.transcription !== '' && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="overline" component="h3" color="text.secondary">
              {T.youSaid}
            </Typography>
            <Typography data-testid="feedback-transcription">{result.transcription}</Typography>
          </Box>
        )}
        {props.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {props.error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {props.clipUrl && <RecordedClipButton url={props.clipUrl} />}
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={props.onRetry} disabled={props.retrying}>
          {T.retry}
        </Button>
        <Button variant="contained" onClick={props.onNext} disabled={props.retrying} autoFocus>
          {props.isLast ? T.done : T.next}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function KeywordColumns({ result }: { result: TLineResultResponse }) {
  if (result.missed_keywords.length === 0 && result.correct_keywords.length === 0)
    return <Typography>{TAKE_SIM_MESSAGES.noKeywords}</Typography>;
  // the evidence of each keyword, when the server sends it: "expected Thursday, heard Friday", "heard as …"
  const evidence = new Map((result.evidence ?? []).map((e) => [e.keyword, e]));
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <KeywordColumn title={T.missedKeywords} keywords={result.missed_keywords} hit={false} evidence={evidence} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <KeywordColumn title={T.correctKeywords} keywords={result.correct_keywords} hit evidence={evidence} />
      </Grid>
    </Grid>
  );
}

/** What a keyword's evidence adds under it (null without evidence, or when the transcript shows it plainly). */
function noteOf(keyword: string, hit: boolean, evidence: ReadonlyMap<string, TKeywordEvidence>): string | null {
  const entry = evidence.get(keyword);
  // the column says whether it was credited; the evidence of the same decision explains it
  return entry && entry.credited === hit ? evidenceNote(entry) : null;
}

function KeywordColumn({
  title,
  keywords,
  hit,
  evidence,
}: {
  title: string;
  keywords: readonly string[];
  hit: boolean;
  evidence: ReadonlyMap<string, TKeywordEvidence>;
}) {
  const id = useId();
  return (
    <Box>
      <Typography id={id} variant="subtitle2" component="h3" color={hit ? 'success.main' : 'error.main'}>
        {title}
      </Typography>
      {keywords.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {T.noneInColumn}
        </Typography>
      )}
      <List dense aria-labelledby={id}>
        {keywords.map((k) => (
          <ListItem key={k} disableGutters>
            <ListItemIcon sx={{ minWidth: 32 }}>
              {hit ? (
                <CheckCircleIcon color="success" fontSize="small" />
              ) : (
                <CancelIcon color="error" fontSize="small" />
              )}
            </ListItemIcon>
            <ListItemText primary={k} secondary={noteOf(k, hit, evidence)} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

function TestList({ result }: { result: TLineResultResponse }) {
  const tests = [...result.tests_matched, ...result.missed_tests];
  if (tests.length === 0) return <Typography>{TAKE_SIM_MESSAGES.noTests}</Typography>;
  return (
    <List dense aria-label={T.tests}>
      {tests.map((t) => (
        <ListItem key={`${t.passed}:${t.name}`} disableGutters>
          <ListItemIcon sx={{ minWidth: 32 }}>
            {t.passed ? (
              <CheckCircleIcon color="success" fontSize="small" />
            ) : (
              <CancelIcon color="error" fontSize="small" />
            )}
          </ListItemIcon>
          <ListItemText
            primary={t.passed ? T.testPassed(t.name) : T.testMissed(t.name)}
            secondary={gradeText(t.score)}
          />
        </ListItem>
      ))}
    </List>
  );
}
