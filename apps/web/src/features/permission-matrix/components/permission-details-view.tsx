import { Alert, Button, CircularProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { ADMIN_LIMITS, ADMIN_TEXTS, LABELS, type TMatrixTask } from '@sim/shared';
import { useState } from 'react';
import { PermissionTooltip } from '../../../components/permission-tooltip';
import { errorMessage } from '../../../lib/api-client';
import { usePermissions, useSession } from '../../../lib/session';
import { useSavePermissionDetails } from '../api/save-permission-details';

interface PermissionDetailsViewProps {
  task: TMatrixTask;
  onDone: (message?: string) => void;
}

/** Edit Permission Details: the task's Tool Tip and a multi-line Description, Save and CANCEL. */
export function PermissionDetailsView({ task, onDone }: PermissionDetailsViewProps) {
  const { can } = usePermissions();
  const { user } = useSession();
  const save = useSavePermissionDetails();
  const [tooltip, setTooltip] = useState(task.tooltip ?? '');
  const [description, setDescription] = useState(task.description ?? '');
  const [error, setError] = useState<string | null>(null);
  // tooltips are shared by every company: the server lets only a platform administrator save them
  const allowed = can('permissions', 'update') && Boolean(user?.is_platform_admin);
  const denied = can('permissions', 'update') ? ADMIN_TEXTS.tooltipPlatformOnly : ADMIN_TEXTS.noPermissionTooltip;

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 } }}
      component="section"
      aria-label={ADMIN_TEXTS.editPermissionDetails}
    >
      <Typography variant="h6" component="h3">
        {ADMIN_TEXTS.editPermissionDetails}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {`${task.task_name} — ${task.task_definition}`}
      </Typography>
      {error ? (
        <Alert severity="error" onClose={() => setError(null)} sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <TextField
          label={ADMIN_TEXTS.toolTip}
          value={tooltip}
          onChange={(e) => setTooltip(e.target.value)}
          slotProps={{ htmlInput: { maxLength: ADMIN_LIMITS.tooltipMax } }}
        />
        <TextField
          label={ADMIN_TEXTS.description}
          value={description}
          multiline
          minRows={4}
          onChange={(e) => setDescription(e.target.value)}
          slotProps={{ htmlInput: { maxLength: ADMIN_LIMITS.descriptionMax } }}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => onDone()}>{LABELS.cancel}</Button>
          <PermissionTooltip allowed={allowed} title={denied}>
            <Button
              variant="contained"
              disabled={!allowed || save.isPending}
              startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
              onClick={() =>
                save.mutate(
                  { id: task.task_id, tooltip, description },
                  { onSuccess: (res) => onDone(res.message), onError: (e) => setError(errorMessage(e)) },
                )
              }
            >
              {ADMIN_TEXTS.saveMatrix}
            </Button>
          </PermissionTooltip>
        </Stack>
      </Stack>
    </Paper>
  );
}
