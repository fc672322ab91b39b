import { Alert, Box, Breadcrumbs, Button, Grid, Link, Stack, Typography } from '@mui/material';
import {
  isLearnerAccess,
  RESULT_LABELS as L,
  RESULT_TEXTS,
  REVIEW_MESSAGES,
  TAKE_SIM_TEXTS,
  type TUserResult,
} from '@sim/shared';
import { useCallback, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { PageSpinner } from '../../../components/page-spinner';
import { ApiError } from '../../../lib/api-client';
import { usePermissions, useSession } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { type ResultTarget, useResult } from '../api/get-result';
import { isVoiceOnly, transcriptColumns } from '../lib/figures';
import { showsReviewerButtons } from '../lib/review-rules';
import { AccuracyFigures } from './accuracy-figures';
import { CallTranscript } from './call-transcript';
import { CaseInputsPanel } from './case-inputs-panel';
import { ResultActions } from './result-actions';
import { ResultScorecard } from './result-scorecard';
import { ResultSummary } from './result-summary';
import { ReviewBar } from './review-bar';

export interface ResultViewProps {
  target: ResultTarget;
  /** the reviewer's view (the query reviewer=true) */
  reviewer: boolean;
  /** the breadcrumb Dashboard (the URL had no sim_id) */
  breadcrumb: boolean;
  type: string | null;
  /** after an attempt: Back to Dashboard */
  onBack?: () => void;
}

/**
 * The result view (learner-and-review.md section 2): the level's result for an assignment, with the
 * learner's or the reviewer's actions. Asked again every 5 s until every agent line is Completed.
 */
export function ResultView({ target, reviewer, breadcrumb, type, onBack }: ResultViewProps) {
  const query = useResult(target);
  const { dataUpdatedAt, refetch } = query;
  // a recording's signed URL expires (RESULT_LIMITS.recordingUrlTtlSeconds): when one fails to load, the result
  // is asked again (at most once a minute), and the line takes its new URL
  const refreshUrls = useCallback(() => {
    if (Date.now() - dataUpdatedAt > URL_REFRESH_MS) void refetch();
  }, [dataUpdatedAt, refetch]);
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404)
      return (
        <Stack spacing={2} sx={{ maxWidth: 720, mx: 'auto', alignItems: 'flex-start' }}>
          <Alert severity="info">{RESULT_TEXTS.noResults}</Alert>
          <Button component={RouterLink} to="/dashboard" variant="contained">
            {TAKE_SIM_TEXTS.backToDashboard}
          </Button>
        </Stack>
      );
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  return (
    <ResultLayout
      result={query.data}
      reviewer={reviewer}
      breadcrumb={breadcrumb}
      type={type}
      onBack={onBack}
      onAudioFailed={refreshUrls}
    />
  );
}

const URL_REFRESH_MS = 60_000;

interface ResultLayoutProps {
  result: TUserResult;
  reviewer: boolean;
  breadcrumb: boolean;
  type: string | null;
  onBack?: () => void;
  onAudioFailed: () => void;
}

/**
 * Left panel (summary and figures), the Call Transcript (9 of 12 columns for Voice Only, else 5) and the side
 * widget with the case inputs (not for Voice Only).
 */
function ResultLayout({ result, reviewer, breadcrumb, type, onBack, onAudioFailed }: ResultLayoutProps) {
  const { user } = useSession();
  const { permissions, can } = usePermissions();
  const toast = useToast();
  const learner = isLearnerAccess(permissions);
  const ownResult = user?._id === result.user._id;
  const voiceOnly = isVoiceOnly(result.product_type);
  const heading = TAKE_SIM_TEXTS.resultOf(result.level.name);
  // a send or a decision made here shows at once (the result is asked again as well)
  const [changed, setChanged] = useState<{
    from: TUserResult['assignment_status'];
    to: TUserResult['assignment_status'];
  } | null>(null);
  const status = changed && changed.from === result.assignment_status ? changed.to : result.assignment_status;
  const canSend = ownResult && !reviewer;
  const canDecide = showsReviewerButtons({
    permissions,
    reviewerView: reviewer,
    ownResult,
    levelMatches: result.pass_fail_details.sim_level_id === result.sim_level_id,
    sendForReview: result.send_for_review,
  });

  return (
    <Box sx={{ maxWidth: 1600, mx: 'auto' }}>
      {breadcrumb ? (
        <Breadcrumbs sx={{ mb: 1 }}>
          <Link component={RouterLink} to="/dashboard" underline="hover" color="inherit">
            {RESULT_TEXTS.dashboard}
          </Link>
          <Typography color="text.primary">{heading}</Typography>
        </Breadcrumbs>
      ) : null}
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 2 }}
      >
        <Typography variant="h5" component="h1">
          {heading}
        </Typography>
        <ResultActions
          result={result}
          reviewer={reviewer}
          learner={learner}
          ownResult={ownResult}
          canViewNotes={can('assessor_notes', 'view')}
          type={type}
          onBack={onBack}
          onNotesSaved={(message) => toast.show('success', message)}
        />
      </Stack>
      <Box sx={{ mb: 2 }}>
        <ResultScorecard
          result={result}
          status={status}
          actions={
            canSend || canDecide ? (
              <ReviewBar
                result={result}
                canSend={canSend}
                canDecide={canDecide}
                decideBlocked={result.assignment_status === 'PENDING REVIEW' ? null : REVIEW_MESSAGES.notPendingReview}
                onStatusChanged={(to) => setChanged({ from: result.assignment_status, to })}
              />
            ) : undefined
          }
        />
      </Box>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 3 }}>
          <Stack spacing={2}>
            <ResultSummary result={result} />
            <AccuracyFigures
              result={result}
              voiceOnly={voiceOnly}
              label={ownResult && !reviewer ? TAKE_SIM_TEXTS.resultTitle : L.resultOfUser(result.user.name)}
            />
          </Stack>
        </Grid>
        <Grid
          size={{ xs: 12, md: transcriptColumns(voiceOnly) }}
          sx={{ minWidth: 0 }}
          data-testid="transcript-column"
          data-columns={transcriptColumns(voiceOnly)}
        >
          <CallTranscript
            lines={result.scripts}
            onAudioFailed={onAudioFailed}
            canOverride={canDecide}
            learnerName={ownResult && !reviewer ? null : result.user.name}
          />
        </Grid>
        {voiceOnly ? null : (
          <Grid size={{ xs: 12, md: 4 }}>
            <CaseInputsPanel result={result} />
          </Grid>
        )}
      </Grid>
    </Box>
  );
}
