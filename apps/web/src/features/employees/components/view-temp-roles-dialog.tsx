import DeleteOutline from '@mui/icons-material/DeleteOutline';
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { EMPLOYEE_TEXTS, type TEmployee, type TEmployeeTempRole } from '@sim/shared';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PermissionTooltip } from '../../../components/permission-tooltip';
import { errorMessage } from '../../../lib/api-client';
import { usePermissions } from '../../../lib/session';
import { useDeleteTempRole } from '../api/temp-roles';
import { fullName, showDate } from '../lib/employee-display';

interface ViewTempRolesDialogProps {
  employee: TEmployee | null;
  onClose: () => void;
  onDeleted: (message: string) => void;
}

/** 'View Temporary Role': the employee's temporary roles, each removable after a confirm. */
export function ViewTempRolesDialog({ employee, onClose, onDeleted }: ViewTempRolesDialogProps) {
  const titleId = useId();
  const { can } = usePermissions();
  const allowed = can('roles', 'update');
  const [toDelete, setToDelete] = useState<TEmployeeTempRole | null>(null);
  const mutation = useDeleteTempRole();
  const name = employee ? fullName(employee) : '';
  const closeConfirm = () => {
    mutation.reset();
    setToDelete(null);
  };

  return (
    <>
      <Dialog open={employee !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId}>{EMPLOYEE_TEXTS.viewTempRoleTitle}</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {name}
          </Typography>
          {employee && employee.tempRoles.length === 0 ? <Typography>{EMPLOYEE_TEXTS.noTempRoles}</Typography> : null}
          {employee && employee.tempRoles.length > 0 ? (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{EMPLOYEE_TEXTS.tempRoleRole}</TableCell>
                  <TableCell>{EMPLOYEE_TEXTS.startDate}</TableCell>
                  <TableCell>{EMPLOYEE_TEXTS.endDate}</TableCell>
                  <TableCell />
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {employee.tempRoles.map((t) => (
                  <TableRow key={t.role}>
                    <TableCell>{t.roleName}</TableCell>
                    <TableCell>{showDate(t.startDate)}</TableCell>
                    <TableCell>{showDate(t.endDate)}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={t.active ? 'success' : 'default'}
                        label={t.active ? EMPLOYEE_TEXTS.tempRoleActive : EMPLOYEE_TEXTS.inactive}
                      />
                    </TableCell>
                    <TableCell align="right">
                      <PermissionTooltip allowed={allowed} title={EMPLOYEE_TEXTS.noUpdateRole}>
                        <IconButton
                          size="small"
                          aria-label={EMPLOYEE_TEXTS.deleteTempRole(t.roleName)}
                          disabled={!allowed}
                          onClick={() => setToDelete(t)}
                        >
                          <DeleteOutline fontSize="small" />
                        </IconButton>
                      </PermissionTooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{EMPLOYEE_TEXTS.close}</Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={toDelete !== null}
        title={EMPLOYEE_TEXTS.deleteTempRoleTitle}
        message={toDelete ? EMPLOYEE_TEXTS.deleteTempRoleText(toDelete.roleName, name) : ''}
        confirmLabel={EMPLOYEE_TEXTS.deleteButton}
        busy={mutation.isPending}
        error={
          mutation.isError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(mutation.error)}
            </Alert>
          ) : null
        }
        onCancel={closeConfirm}
        onConfirm={() => {
          if (!employee || !toDelete) return;
          mutation.mutate(
            { userId: employee._id, role: toDelete.role },
            {
              onSuccess: (data) => {
                closeConfirm();
                onDeleted(data.message);
              },
            },
          );
        }}
      />
    </>
  );
}
