import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import { Alert, Button, Chip, CircularProgress, Stack } from '@mui/material';
import type { TUserResult } from '@sim/shared';
import { RESULT_LABELS as L } from '@sim/shared';
import { errorMessage } from '../../../lib/api-client';
import { useSendToVoiceService, useVoiceServiceStatus } from '../api/voice-service';

/** The button shows only when the service is configured and the level or the result is flagged (section 2). */
export const offersVoiceService = (result: TUserResult) =>
  result.voice_service_enabled && (result.send_to_snowfly || result.level.send_to_snowfly);

/**
 * The hand-off of the level's audio to the external voice-recording service: the button, then its state
 * (queued while the job runs or waits to retry, sent with the service's id, or failed with the reason and
 * a second try). The server sends the level number as order + 1 and the names it reads itself.
 */
export function VoiceServiceButton({ result }: { result: TUserResult }) {
  const status = useVoiceServiceStatus(result._id, true);
  const send = useSendToVoiceService();
  const state = status.data?.status ?? null;
  if (status.data && !status.data.available) return null;
  const pending = send.isPending || state === 'queued';

  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        {state !== 'sent' ? (
          <Button
            variant="outlined"
            startIcon={pending ? <CircularProgress size={16} /> : <CloudUploadOutlined />}
            disabled={pending || status.isPending}
            onClick={() => send.mutate({ attemptId: result._id, simId: result.sim_id, levelId: result.sim_level_id })}
          >
            {state === 'failed' ? L.retrySend : L.sendToVoiceService}
          </Button>
        ) : null}
        <span role="status">
          {state === 'queued' ? <Chip size="small" color="info" label={L.voiceQueued} /> : null}
          {state === 'sent' ? (
            <Chip
              size="small"
              color="success"
              label={L.voiceSent(status.data?.snowfly_id ?? result.snowfly_id ?? '')}
            />
          ) : null}
          {state === 'failed' ? (
            <Chip size="small" color="error" label={L.voiceFailed(status.data?.error ?? '')} />
          ) : null}
        </span>
      </Stack>
      {send.isError ? <Alert severity="error">{errorMessage(send.error)}</Alert> : null}
    </Stack>
  );
}
