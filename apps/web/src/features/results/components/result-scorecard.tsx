import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Box, Chip, Grid, Paper, Skeleton, Stack, Typography } from '@mui/material';
import {
  ASSIGNMENT_STATUS_COLORS,
  type AssignmentStatus,
  SCORECARD_TEXTS as S,
  TAKE_SIM_TEXTS,
  type TPassCriterionCheck,
  type TUserResult,
} from '@sim/shared';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTrackRecord } from '../api/track-record';
import { figureText, resultDate } from '../lib/format';

const CRITERION_LABELS: Record<TPassCriterionCheck['criterion'], string> = {
  keyword_accuracy: TAKE_SIM_TEXTS.figures.keyword,
  typing_accuracy: TAKE_SIM_TEXTS.figures.typing,
  data_selection_accuracy: TAKE_SIM_TEXTS.figures.dataSelection,
  overall_accuracy: TAKE_SIM_TEXTS.figures.overall,
};

/** The criteria a learner is judged on: those with a threshold that is not disabled. */
const shownCriteria = (criteria: readonly TPassCriterionCheck[]) =>
  criteria.filter(
    (c) => c.threshold !== null && (c.status === 'met' || c.status === 'not_met' || c.status === 'not_applicable'),
  );

interface ResultScorecardProps {
  result: TUserResult;
  /** the assignment's status now (after a send or a decision on this page, before the result is read again) */
  status: AssignmentStatus;
  /** the review actions (Send for review, or PASS and NO PASS) */
  actions?: ReactNode;
}

/**
 * The top of the result (issue 31): the level's PASS / NOT PASSED against its pass criteria with each
 * threshold, the reviewer's decision with its date and message (or the review status), and the review
 * actions. Compact, so that all of it shows without scrolling on a phone too.
 */
export function ResultScorecard({ result, status, actions }: ResultScorecardProps) {
  return (
    <Paper variant="outlined" component="section" aria-label={S.title} sx={{ p: 2 }}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: actions ? 5 : 6 }}>
          <LevelVerdict result={result} />
        </Grid>
        <Grid size={{ xs: 12, md: actions ? 4 : 6 }}>
          <ReviewState assignmentId={result.assignment_id} status={status} />
        </Grid>
        {actions ? <Grid size={{ xs: 12, md: 3 }}>{actions}</Grid> : null}
      </Grid>
    </Paper>
  );
}

function Caption({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <Typography
      id={id}
      variant="overline"
      color="text.secondary"
      component="h2"
      sx={{ lineHeight: 1.6, display: 'block' }}
    >
      {children}
    </Typography>
  );
}

function LevelVerdict({ result }: { result: TUserResult }) {
  const headingId = useId();
  const { passed } = result.pass_fail_details;
  const criteria = shownCriteria(result.pass_fail_details.criteria);
  const judged = passed !== null && result.pass_fail_details.sim_level_id === result.sim_level_id;
  return (
    <Box role="group" aria-labelledby={headingId}>
      <Caption id={headingId}>{S.levelResult}</Caption>
      {!judged ? (
        <Typography variant="body2">{S.noCriteria}</Typography>
      ) : !result.all_completed ? (
        <Typography variant="body2">{S.grading}</Typography>
      ) : (
        <>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {passed ? <CheckCircleIcon color="success" aria-hidden /> : <CancelIcon color="error" aria-hidden />}
            <Typography
              variant="h5"
              component="p"
              data-testid="level-verdict"
              sx={{ fontWeight: 700, color: passed ? 'success.dark' : 'error.dark' }}
            >
              {passed ? S.passed : S.notPassed}
            </Typography>
          </Stack>
          {criteria.length > 0 ? (
            <Box component="ul" aria-label={S.criteria} sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}>
              {criteria.map((c) => (
                <Typography key={c.criterion} component="li" variant="body2">
                  <span>{S.criterion(CRITERION_LABELS[c.criterion], figureText(c.figure), c.threshold ?? 0)}</span>{' '}
                  <Box
                    component="span"
                    sx={{
                      fontWeight: 600,
                      color:
                        c.status === 'met' ? 'success.dark' : c.status === 'not_met' ? 'error.dark' : 'text.secondary',
                    }}
                  >
                    {S.criterionStatus[c.status]}
                  </Box>
                </Typography>
              ))}
            </Box>
          ) : null}
        </>
      )}
    </Box>
  );
}

const DECIDED: readonly string[] = ['PASS', 'NO PASS'];

/**
 * The reviewer's decision (the assignment is PASS or NO PASS: the newest entry of its track record, with its
 * date, reviewer and message), or the review status, with the last decision when there was one.
 */
function ReviewState({ assignmentId, status }: { assignmentId: string; status: AssignmentStatus }) {
  const headingId = useId();
  const record = useTrackRecord(assignmentId);
  const latest = record.data?.[0] ?? null;
  const decided = DECIDED.includes(status);
  return (
    <Box role="group" aria-labelledby={headingId}>
      <Caption id={headingId}>{decided ? S.reviewerDecision : S.review}</Caption>
      {decided ? (
        <Chip
          data-testid="review-decision"
          label={status}
          color={ASSIGNMENT_STATUS_COLORS[status]}
          size="small"
          sx={{ fontWeight: 700 }}
        />
      ) : (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Chip
            data-testid="assignment-status"
            label={status}
            color={ASSIGNMENT_STATUS_COLORS[status]}
            size="small"
            variant={status === 'NOT STARTED' ? 'outlined' : 'filled'}
            sx={{ fontWeight: 600 }}
          />
          <Typography variant="body2" color="text.secondary">
            {status === 'PENDING REVIEW' ? S.pendingReview : latest ? null : S.notSent}
          </Typography>
        </Stack>
      )}
      {record.isPending ? (
        <Skeleton variant="text" width="60%" />
      ) : latest ? (
        <Box sx={{ mt: 0.5 }}>
          <Typography variant="body2" color="text.secondary">
            {decided ? null : `${S.lastDecision}: ${latest.pass_or_fail} · `}
            {S.decidedOn(resultDate(latest.review_date), latest.reviewed_by)}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {S.reviewerMessage}
          </Typography>
          <Typography
            variant="body2"
            component="blockquote"
            data-testid="review-message"
            sx={{ m: 0, pl: 1, borderLeft: 3, borderColor: 'divider', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
          >
            {latest.review_comments || S.noMessage}
          </Typography>
        </Box>
      ) : null}
    </Box>
  );
}
