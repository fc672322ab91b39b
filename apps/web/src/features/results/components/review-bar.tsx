import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Button, CircularProgress, Stack, Tooltip } from '@mui/material';
import { RESULT_LIMITS, RESULT_TEXTS, type ReviewDecision, type SettableStatus, type TUserResult } from '@sim/shared';
import { useEffect, useState } from 'react';
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
}

const DONE_TEXT: Record<SettableStatus, string> = {
  'PENDING REVIEW': RESULT_TEXTS.sentForReview,
  PASS: RESULT_TEXTS.markedPass,
  'NO PASS': RESULT_TEXTS.markedNoPass,
};

/**
 * The review actions of a result (section 2): the learner's Send for review (enabled under the three
 * conditions; the audio status is polled every 6 s), the reviewer's PASS and NO PASS with a message. A
 * success shows for 3 s, then the user goes to /dashboard.
 */
export function ReviewBar({ result, canSend, canDecide, decideBlocked }: ReviewBarProps) {
  const navigate = useNavigate();
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
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  const send = sendForReviewState({
    status: done ? 'PENDING REVIEW' : result.assignment_status,
    sendForReview: audio.data?.send_for_review ?? result.send_for_review,
    allLevelsCompleted: audio.data?.allLevelsCompleted ?? null,
    allAudioProcessed: audio.data?.allAudioProcessed ?? null,
  });
  const busy = addStatus.isPending || done !== null;

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
