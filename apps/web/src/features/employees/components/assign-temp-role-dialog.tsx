import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { EMPLOYEE_TEXTS, LABELS, type TEmployee } from '@sim/shared';
import { useId, useState } from 'react';
import { PermissionTooltip } from '../../../components/permission-tooltip';
import { errorMessage } from '../../../lib/api-client';
import { usePermissions } from '../../../lib/session';
import { useFormOptions } from '../api/get-form-options';
import { useAddTempRole } from '../api/temp-roles';
import { fullName, localToday } from '../lib/employee-display';

interface AssignTempRoleDialogProps {
  employee: TEmployee | null;
  onClose: () => void;
  onAssigned: (message: string) => void;
}

/** The rule of section 5: role, start and end required, dates from today, end not before start. */
export function tempRoleProblem(value: { role: string; startDate: string; endDate: string }, today: string) {
  if (!value.role || !value.startDate || !value.endDate) return EMPLOYEE_TEXTS.tempRoleRequired;
  if (value.startDate < today) return EMPLOYEE_TEXTS.tempRoleStartPast;
  if (value.endDate < value.startDate) return EMPLOYEE_TEXTS.tempRoleEndBeforeStart;
  return null;
}

/** 'Assign Temporary Role': a role of the company between two dates. */
export function AssignTempRoleDialog({ employee, onClose, onAssigned }: AssignTempRoleDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={employee !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      {employee ? (
        <AssignTempRoleForm employee={employee} titleId={titleId} onClose={onClose} onAssigned={onAssigned} />
      ) : null}
    </Dialog>
  );
}

function AssignTempRoleForm({
  employee,
  titleId,
  onClose,
  onAssigned,
}: {
  employee: TEmployee;
  titleId: string;
  onClose: () => void;
  onAssigned: (message: string) => void;
}) {
  const { can } = usePermissions();
  const allowed = can('roles', 'update');
  const options = useFormOptions();
  const mutation = useAddTempRole();
  const today = localToday();
  const [value, setValue] = useState({ role: '', startDate: '', endDate: '' });
  const problem = tempRoleProblem(value, today);
  const dateProblem = value.startDate && value.endDate && value.endDate < value.startDate;
  // a disabled role grants nothing: not offered (issue 15), like the user form's role select
  const roles = (options.data?.roles ?? []).filter((r) => r._id !== employee.role_id && !r.disabled);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (problem || !allowed) return;
        mutation.mutate({ userId: employee._id, body: value }, { onSuccess: (data) => onAssigned(data.message) });
      }}
    >
      <DialogTitle id={titleId}>{EMPLOYEE_TEXTS.assignTempRoleTitle}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {fullName(employee)}
        </Typography>
        {options.isError ? <Alert severity="error">{errorMessage(options.error)}</Alert> : null}
        {mutation.isError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(mutation.error)}
          </Alert>
        ) : null}
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            required
            label={EMPLOYEE_TEXTS.tempRoleRole}
            value={value.role}
            onChange={(e) => setValue((v) => ({ ...v, role: e.target.value }))}
            disabled={options.isPending}
          >
            {roles.map((r) => (
              <MenuItem key={r._id} value={r._id}>
                {r.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            required
            label={EMPLOYEE_TEXTS.startDate}
            value={value.startDate}
            onChange={(e) => setValue((v) => ({ ...v, startDate: e.target.value }))}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
            error={Boolean(value.startDate && value.startDate < today)}
            helperText={value.startDate && value.startDate < today ? EMPLOYEE_TEXTS.tempRoleStartPast : undefined}
          />
          <TextField
            type="date"
            required
            label={EMPLOYEE_TEXTS.endDate}
            value={value.endDate}
            onChange={(e) => setValue((v) => ({ ...v, endDate: e.target.value }))}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: value.startDate || today } }}
            error={Boolean(dateProblem)}
            helperText={dateProblem ? EMPLOYEE_TEXTS.tempRoleEndBeforeStart : undefined}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={mutation.isPending}>
          {LABELS.cancel}
        </Button>
        <PermissionTooltip allowed={allowed} title={EMPLOYEE_TEXTS.noUpdateRole}>
          <Button
            type="submit"
            variant="contained"
            disabled={Boolean(problem) || !allowed || mutation.isPending}
            startIcon={mutation.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {EMPLOYEE_TEXTS.assignRole}
          </Button>
        </PermissionTooltip>
      </DialogActions>
    </form>
  );
}
