import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { EMPLOYEE_TEXTS, PERMISSION_TYPES, type TEmployee, type TUserPermission } from '@sim/shared';
import { useId } from 'react';
import { PageSpinner } from '../../../components/page-spinner';
import { errorMessage } from '../../../lib/api-client';
import { useEmployeePermissions } from '../api/get-employee-permissions';
import { fullName, showDate } from '../lib/employee-display';

/** task → its types, in the order view, create, update, delete */
export function typesByTask(role: TUserPermission): [string, string[]][] {
  const map = new Map<string, Set<string>>();
  for (const d of role.permission_details) {
    const set = map.get(d.task_name) ?? new Set<string>();
    set.add(d.permission_type);
    map.set(d.task_name, set);
  }
  return [...map.entries()].map(([task, types]) => [task, PERMISSION_TYPES.filter((t) => types.has(t))]);
}

/** The permissions (VIEW) column: what the employee holds today, by role. */
export function EmployeePermissionsDialog({ employee, onClose }: { employee: TEmployee | null; onClose: () => void }) {
  const titleId = useId();
  const query = useEmployeePermissions(employee?._id ?? null);
  return (
    <Dialog open={employee !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{employee ? EMPLOYEE_TEXTS.permissionsOf(fullName(employee)) : ''}</DialogTitle>
      {/* a long list scrolls: the region takes the focus so the keyboard scrolls it too */}
      <DialogContent tabIndex={0} role="region" aria-labelledby={titleId}>
        {query.isPending ? <PageSpinner minHeight={120} /> : null}
        {query.isError ? <Alert severity="error">{errorMessage(query.error)}</Alert> : null}
        {query.data && query.data.permissions.length === 0 ? (
          <Typography>{EMPLOYEE_TEXTS.noPermissions}</Typography>
        ) : null}
        <Stack spacing={2}>
          {query.data?.permissions.map((role) => (
            <Box key={`${role.role_id}-${role.temporary}`}>
              <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
                {role.temporary && role.start_date && role.end_date
                  ? EMPLOYEE_TEXTS.temporaryRoleLabel(
                      role.role_name,
                      showDate(role.start_date),
                      showDate(role.end_date),
                    )
                  : role.role_name}
              </Typography>
              {typesByTask(role).map(([task, types]) => (
                <Stack key={task} direction="row" spacing={1} sx={{ alignItems: 'center', py: 0.25, flexWrap: 'wrap' }}>
                  <Typography variant="body2" sx={{ minWidth: 160 }}>
                    {task}
                  </Typography>
                  {types.map((t) => (
                    <Chip key={t} size="small" label={t.toUpperCase()} variant="outlined" />
                  ))}
                </Stack>
              ))}
            </Box>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{EMPLOYEE_TEXTS.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
