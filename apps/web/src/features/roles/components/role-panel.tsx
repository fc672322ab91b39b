import { Button, CircularProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { ADMIN_LIMITS, ADMIN_TEXTS, LABELS } from '@sim/shared';
import { useState } from 'react';
import { PermissionTooltip } from '../../../components/permission-tooltip';
import { errorMessage } from '../../../lib/api-client';
import { usePermissions } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { useSaveRole } from '../api/save-role';
import {
  canSaveRole,
  initialRoleName,
  panelPermission,
  panelTitle,
  type RolePanelMode,
  rolePayload,
} from '../lib/role-form';

interface RolePanelProps {
  mode: RolePanelMode;
  companyId: string | null;
  companyName: string;
  onDone: (message?: string) => void;
}

const DENIED = {
  create: ADMIN_TEXTS.noPermissionCreateRole,
  update: ADMIN_TEXTS.noPermissionUpdateRole,
} as const;

/** The Add Role panel: add, edit (rename) or duplicate a role of the chosen company. */
export function RolePanel({ mode, companyId, companyName, onDone }: RolePanelProps) {
  const { can } = usePermissions();
  const save = useSaveRole();
  const [name, setName] = useState(() => initialRoleName(mode));
  const toast = useToast();
  const type = panelPermission(mode);
  const allowed = can('roles', type);

  const onSave = () => {
    if (!companyId) return;
    save.mutate(rolePayload(mode, name, companyId), {
      onSuccess: (res) => {
        setName('');
        onDone(res.message);
      },
      // in place of any earlier message: never "Role saved" next to "already exists" (issue 15)
      onError: (e) => toast.show('error', errorMessage(e)),
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={panelTitle(mode)}>
      <Typography variant="h6" component="h3" sx={{ mb: 2 }}>
        {panelTitle(mode)}
      </Typography>
      <Stack
        component="form"
        spacing={2}
        onSubmit={(event) => {
          event.preventDefault();
          if (allowed && canSaveRole(name, companyId, save.isPending)) onSave();
        }}
      >
        <TextField label={ADMIN_TEXTS.company} value={companyName} disabled size="small" />
        <TextField
          label={ADMIN_TEXTS.roleName}
          value={name}
          required
          size="small"
          onChange={(e) => setName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: ADMIN_LIMITS.roleNameMax } }}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {mode.kind !== 'add' ? <Button onClick={() => onDone()}>{LABELS.cancel}</Button> : null}
          <PermissionTooltip allowed={allowed} title={DENIED[type]}>
            <Button
              type="submit"
              variant="contained"
              disabled={!allowed || !canSaveRole(name, companyId, save.isPending)}
              startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {ADMIN_TEXTS.save}
            </Button>
          </PermissionTooltip>
        </Stack>
      </Stack>
    </Paper>
  );
}
