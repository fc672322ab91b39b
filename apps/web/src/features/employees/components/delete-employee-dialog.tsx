import { Alert } from '@mui/material';
import { EMPLOYEE_TEXTS, type TEmployee } from '@sim/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteEmployee } from '../api/delete-employee';
import { fullName } from '../lib/employee-display';

interface DeleteEmployeeDialogProps {
  employee: TEmployee | null;
  onClose: () => void;
  onDeleted: (message: string) => void;
}

/** 'Delete Employee': confirm, then the server's answer (its refusal stays in the dialog). */
export function DeleteEmployeeDialog({ employee, onClose, onDeleted }: DeleteEmployeeDialogProps) {
  const mutation = useDeleteEmployee();
  const close = () => {
    mutation.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={employee !== null}
      title={EMPLOYEE_TEXTS.deleteEmployeeTitle}
      message={employee ? EMPLOYEE_TEXTS.deleteEmployeeText(fullName(employee)) : ''}
      confirmLabel={EMPLOYEE_TEXTS.deleteButton}
      busy={mutation.isPending}
      error={
        mutation.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(mutation.error)}
          </Alert>
        ) : null
      }
      onCancel={close}
      onConfirm={() => {
        if (!employee) return;
        mutation.mutate(employee._id, {
          onSuccess: (data) => {
            mutation.reset();
            onDeleted(data.message);
          },
        });
      }}
    />
  );
}
