import GraphicEqIcon from '@mui/icons-material/GraphicEq';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { CREATE_LEVELS_TEXTS as T, type TAudioJob } from '@sim/shared';
import { PermissionTooltip } from '../../../components/permission-tooltip';
import { errorMessage } from '../../../lib/api-client';
import { isActiveJob, useLevelAudioJob } from '../api/audio-job';
import { useEditAccess } from '../lib/edit-access';

/** The level's "Generate all missing audio" button and its job's progress (done/total, failures). */
export function BulkAudio({ simId, levelId, hasScripts }: { simId: string; levelId: string; hasScripts: boolean }) {
  const { job, start } = useLevelAudioJob(simId, levelId);
  const active = isActiveJob(job);
  const { readOnly, reason } = useEditAccess();
  return (
    <Box sx={{ mb: 2 }}>
      <PermissionTooltip allowed={!readOnly} title={reason}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<GraphicEqIcon />}
          disabled={readOnly || !hasScripts || active || start.isPending}
          onClick={() => start.mutate({ sim_id: simId, level_id: levelId })}
        >
          {T.generateMissing}
        </Button>
      </PermissionTooltip>
      {start.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(start.error)}
        </Alert>
      )}
      {job && <JobProgress job={job} />}
    </Box>
  );
}

export function JobProgress({ job }: { job: TAudioJob }) {
  const value = job.total > 0 ? Math.round(((job.done + job.failed) / job.total) * 100) : 100;
  const label =
    job.status === 'queued'
      ? T.audioJobQueued
      : job.status === 'running'
        ? T.audioJobRunning(job.done, job.total)
        : T.audioJobDone(job.done, job.total);
  return (
    <Box role="status" aria-label={T.audioJobProgress} sx={{ mt: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Box sx={{ flexGrow: 1 }}>
          <LinearProgress
            variant={job.status === 'queued' ? 'indeterminate' : 'determinate'}
            value={value}
            aria-label={T.audioJobProgress}
            color={job.status === 'failed' ? 'error' : job.failed > 0 ? 'warning' : 'primary'}
          />
        </Box>
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {label}
        </Typography>
      </Stack>
      {job.failed > 0 && (
        <Typography variant="body2" color="warning.main">
          {T.audioJobFailures(job.failed)}
        </Typography>
      )}
      {job.status === 'failed' && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {job.error ?? T.audioJobFailed}
        </Alert>
      )}
    </Box>
  );
}
