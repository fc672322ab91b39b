import { Button, CircularProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { ADMIN_LIMITS, ADMIN_TEXTS, LABELS, type TMatrixTask, taskLabel } from '@sim/shared';
import { useState } from 'react';
import { PermissionTooltip } from '../../../components/permission-tooltip';
import { errorMessage } from '../../../lib/api-client';
import { usePermissions, useSession } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { useSavePermissionDetails } from '../api/save-permission-details';

/** The tooltip a task shows in the matrix: its own, else its definition. */
export const currentTooltip = (task: Pick<TMatrixTask, 'tooltip' | 'task_definition'>): string =>
  task.tooltip || task.task_definition;

interface PermissionDetailsViewProps {
  task: TMatrixTask;
  onDone: (message?: string) => void;
}

/** Edit Permission Details: the task's Tool Tip and a multi-line Description, Save and CANCEL. */
export function PermissionDetailsView({ task, onDone }: PermissionDetailsViewProps) {
  const { can } = usePermissions();
  const { user } = useSession();
  const save = useSavePermissionDetails();
  // opens with the tooltip the matrix shows: the saved one, else the task's definition (issue 15)
  const [tooltip, setTooltip] = useState(() => currentTooltip(task));
  const [description, setDescription] = useState(task.description ?? '');
  const toast = useToast();
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
        {taskLabel(task.task_name)}
      </Typography>
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
                  { onSuccess: (res) => onDone(res.message), onError: (e) => toast.show('error', errorMessage(e)) },
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
