import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import {
  EVIDENCE_TEXTS as E,
  EVIDENCE_LIMITS,
  EVIDENCE_MESSAGES,
  type TKeywordEvidence,
  ZKeywordOverrideRequest,
} from '@sim/shared';
import { useId, useState } from 'react';
import { useZodForm } from '../../../components/form/form';
import { FormTextField } from '../../../components/form/text-field';
import { errorMessage } from '../../../lib/api-client';
import { useKeywordOverride } from '../api/keyword-override';

const ZReason = ZKeywordOverrideRequest.pick({ reason: true });

interface KeywordOverrideDialogProps {
  /** the learner's line (ZResultLine.id) */
  lineId: string;
  entry: TKeywordEvidence;
  onClose: () => void;
  /** the server's answer (its message) after the change was saved */
  onDone: (message: string) => void;
}

/**
 * A reviewer overturns a credited keyword or grants a missed one (issue 30): the effect said plainly, a reason
 * required (EVIDENCE_LIMITS), the server's refusal shown in the dialog; the result views ask again after it.
 */
export function KeywordOverrideDialog({ lineId, entry, onClose, onDone }: KeywordOverrideDialogProps) {
  const titleId = useId();
  const effectId = useId();
  const override = useKeywordOverride();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(ZReason, { defaultValues: { reason: '' } });
  // the change turns the current decision over
  const credited = !entry.credited;
  const busy = override.isPending;

  const submit = form.handleSubmit(async ({ reason }) => {
    setFailure(null);
    try {
      const answer = await override.mutateAsync({ line_id: lineId, keyword: entry.keyword, credited, reason });
      onDone(answer.message || EVIDENCE_MESSAGES.saved);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={effectId}
      maxWidth="sm"
      fullWidth
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>
          {credited ? E.grantTitle(entry.keyword) : E.overturnTitle(entry.keyword)}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id={effectId} sx={{ mb: 2 }}>
            {credited ? E.grantEffect(entry.keyword) : E.overturnEffect(entry.keyword)}
          </DialogContentText>
          <FormTextField
            control={form.control}
            name="reason"
            label={E.reason}
            required
            rows={3}
            maxLength={EVIDENCE_LIMITS.reasonMax}
            helperText={E.reasonHelp(EVIDENCE_LIMITS.reasonMin, EVIDENCE_LIMITS.reasonMax)}
            disabled={busy}
          />
          {failure ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {E.cancel}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={credited ? 'success' : 'error'}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {credited ? E.confirmGrant : E.confirmOverturn}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
