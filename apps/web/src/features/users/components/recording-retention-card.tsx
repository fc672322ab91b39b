import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { SCREEN_RECORDING, SCREEN_RECORDING_TEXTS as SR } from '@sim/shared';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useRecordingRetention, useSetRecordingRetention } from '../api/recording-retention';

/** Days as typed: empty keeps the recordings (null); otherwise a whole number of days 1 to 3650. */
export function parseRetention(text: string): { days: number | null } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { days: null };
  const days = Number(trimmed);
  if (!Number.isInteger(days) || days < 1 || days > SCREEN_RECORDING.retentionMaxDays) {
    return { error: `${SR.retentionLabel}: 1 to ${SCREEN_RECORDING.retentionMaxDays}` };
  }
  return { days };
}

/**
 * The company's retention of screen recordings on /settings (not in the spec): shown to holders of
 * sim_admin view, changed with sim_admin update. Empty keeps recordings.
 */
export function RecordingRetentionCard({ canUpdate }: { canUpdate: boolean }) {
  const retention = useRecordingRetention(true);
  if (retention.isPending) return null;
  if (retention.isError) return <Alert severity="error">{errorMessage(retention.error)}</Alert>;
  return <RetentionForm initial={retention.data.data.retention_days} canUpdate={canUpdate} />;
}

function RetentionForm({ initial, canUpdate }: { initial: number | null; canUpdate: boolean }) {
  const [text, setText] = useState(initial === null ? '' : String(initial));
  const [error, setError] = useState<string | null>(null);
  const save = useSetRecordingRetention();
  const toast = useToast();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseRetention(text);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(null);
    save.mutate(
      { retention_days: parsed.days },
      {
        onSuccess: (answer) => toast.show('success', answer.message ?? SR.retentionSaved),
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {SR.retentionTitle}
        </Typography>
        <Box component="form" noValidate onSubmit={submit}>
          <TextField
            label={SR.retentionLabel}
            value={text}
            onChange={(event) => setText(event.target.value)}
            type="number"
            fullWidth
            slotProps={{ htmlInput: { min: 1, max: SCREEN_RECORDING.retentionMaxDays, readOnly: !canUpdate } }}
            error={error !== null}
            helperText={error ?? SR.retentionHelp}
          />
          {canUpdate && (
            <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
              <Button
                type="submit"
                variant="contained"
                disabled={save.isPending}
                startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
              >
                {SR.save}
              </Button>
            </Stack>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
