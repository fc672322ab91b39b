import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Button, CircularProgress, Stack, Tooltip, Typography } from '@mui/material';
import {
  RESULT_LIMITS,
  RESULT_TEXTS,
  type ReviewDecision,
  SCORECARD_TEXTS,
  type SettableStatus,
  type TUserResult,
} from '@sim/shared';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useAddStatus } from '../api/add-status';
import { useAudioStatus } from '../api/audio-status';
import { sendForReviewState } from '../lib/review-rules';
import { ReviewDecisionDialog } from './review-decision-dialog';

interface ReviewBarProps {
  result: TUserResult;
  /** Send for review: the learner's own result, in the learner's view */
  canSend: boolean;
  /** PASS and NO PASS (showsReviewerButtons) */
  canDecide: boolean;
  /** why PASS and NO PASS are disabled (the assignment is not PENDING REVIEW), null when they are not */
  decideBlocked: string | null;
  /** the status the server answered for a send or a decision (the scorecard shows it at once) */
  onStatusChanged?: (status: TUserResult['assignment_status']) => void;
}

const DONE_TEXT: Record<SettableStatus, string> = {
  'PENDING REVIEW': RESULT_TEXTS.sentForReview,
  PASS: RESULT_TEXTS.markedPass,
  'NO PASS': RESULT_TEXTS.markedNoPass,
};

/**
 * The review actions of a result (section 2): the learner's Send for review (enabled under the three
 * conditions, and after a decision only with a newer completed attempt; the audio status is polled every
 * 6 s; why it is unavailable shows as text beside it as well as in its tooltip), the reviewer's PASS and NO
 * PASS with a message. A success shows for 3 s, then the user goes to /dashboard.
 */
export function ReviewBar({ result, canSend, canDecide, decideBlocked, onStatusChanged }: ReviewBarProps) {
  const navigate = useNavigate();
  const reasonId = useId();
  const addStatus = useAddStatus();
  const [decision, setDecision] = useState<ReviewDecision | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const audio = useAudioStatus({ simId: result.sim_id, assignmentId: result.assignment_id, userId: null }, canSend);

  useEffect(() => {
    if (done === null) return;
    const timer = window.setTimeout(() => navigate('/dashboard'), RESULT_LIMITS.reviewAlertMs);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  if (!canSend && !canDecide) return null;

  const change = async (status: SettableStatus, comments = '') => {
    setFailure(null);
    try {
      const answer = await addStatus.mutateAsync({
        assignmentId: result.assignment_id,
        status,
        responseId: result._id,
        comments,
      });
      setDecision(null);
      setDone(answer.message || DONE_TEXT[status]);
      onStatusChanged?.(answer.status);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  const send = sendForReviewState({
    status: done ? 'PENDING REVIEW' : result.assignment_status,
    sendForReview: audio.data?.send_for_review ?? result.send_for_review,
    allLevelsCompleted: audio.data?.allLevelsCompleted ?? null,
    allAudioProcessed: audio.data?.allAudioProcessed ?? null,
    workSinceDecision: audio.data?.work_since_decision ?? null,
  });
  const busy = addStatus.isPending || done !== null;
  // the reason, once the audio status is known (before, it would read "audio not processed" for a moment)
  const reason = canSend && !send.enabled && !done && audio.isSuccess ? send.tooltip : '';

  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {canSend ? (
          <Tooltip title={send.tooltip}>
            <span style={{ display: 'inline-flex' }}>
              <Button
                variant="contained"
                startIcon={
                  addStatus.isPending && decision === null ? (
                    <CircularProgress size={16} color="inherit" />
                  ) : (
                    <SendIcon />
                  )
                }
                disabled={!send.enabled || busy}
                aria-describedby={reason ? reasonId : undefined}
                onClick={() => void change('PENDING REVIEW')}
              >
                {RESULT_TEXTS.sendForReview}
              </Button>
            </span>
          </Tooltip>
        ) : null}
        {canDecide ? (
          <Tooltip title={decideBlocked ?? ''}>
            <Stack direction="row" spacing={1} component="span">
              <Button
                variant="contained"
                color="success"
                startIcon={<CheckCircleIcon />}
                disabled={busy || decideBlocked !== null}
                onClick={() => setDecision('PASS')}
              >
                {RESULT_TEXTS.pass}
              </Button>
              <Button
                variant="contained"
                color="error"
                startIcon={<CancelIcon />}
                disabled={busy || decideBlocked !== null}
                onClick={() => setDecision('NO PASS')}
              >
                {RESULT_TEXTS.noPass}
              </Button>
            </Stack>
          </Tooltip>
        ) : null}
      </Stack>
      {reason ? (
        <Typography id={reasonId} variant="body2" color="text.secondary" data-testid="send-unavailable">
          {SCORECARD_TEXTS.sendUnavailable} {reason}
        </Typography>
      ) : null}
      {done ? <Alert severity="success">{done}</Alert> : null}
      {failure && decision === null ? (
        <Alert severity="error" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      ) : null}
      {decision ? (
        <ReviewDecisionDialog
          decision={decision}
          busy={addStatus.isPending}
          failure={failure}
          onCancel={() => {
            setDecision(null);
            setFailure(null);
          }}
          onConfirm={(message) => void change(decision, message)}
        />
      ) : null}
    </Stack>
  );
}
