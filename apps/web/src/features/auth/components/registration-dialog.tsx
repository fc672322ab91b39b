import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
} from '@mui/material';
import { LABELS, MESSAGES, REGISTRATION_DIALOG_CLOSE_MS } from '@sim/shared';
import { useEffect, useRef } from 'react';
import { useZodForm } from '../../../components/form/form';
import { FormPhoneField } from '../../../components/form/phone-field';
import { FormPasswordField, FormTextField } from '../../../components/form/text-field';
import { PlainTimedAlert } from '../../../components/plain/alert';
import { useTimedAlert } from '../../../components/use-timed-alert';
import { errorMessage } from '../../../lib/api-client';
import { useRegister } from '../api/register';
import { EMPTY_REGISTRATION, type TRegistrationForm, ZRegistrationForm } from '../lib/registration-form';

interface RegistrationDialogProps {
  open: boolean;
  allowNewCompany: string;
  /** the company was created: the invitation is spent */
  onRegistered: () => void;
  onClose: () => void;
}

/** Creates a new company's first account, with an invitation value from the sign-in URL. */
export function RegistrationDialog({ open, allowNewCompany, onRegistered, onClose }: RegistrationDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="registration-title">
      {open ? (
        <RegistrationForm allowNewCompany={allowNewCompany} onRegistered={onRegistered} onClose={onClose} />
      ) : null}
    </Dialog>
  );
}

const TEXT_FIELDS = [
  { name: 'first_name', label: LABELS.firstName, autoComplete: 'given-name' },
  { name: 'last_name', label: LABELS.lastName, autoComplete: 'family-name' },
  { name: 'company_name', label: LABELS.companyName, autoComplete: 'organization' },
] as const;

function RegistrationForm({ allowNewCompany, onRegistered, onClose }: Omit<RegistrationDialogProps, 'open'>) {
  const { alert, show, clear } = useTimedAlert();
  const mutation = useRegister();
  const { control, handleSubmit } = useZodForm(ZRegistrationForm, { defaultValues: EMPTY_REGISTRATION });

  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    if (!mutation.isSuccess) return;
    const timer = window.setTimeout(() => onCloseRef.current(), REGISTRATION_DIALOG_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [mutation.isSuccess]);

  const onSubmit = (values: TRegistrationForm) => {
    clear();
    mutation.mutate(
      { ...values, allowNewCompany },
      { onSuccess: onRegistered, onError: (error) => show('error', errorMessage(error)) },
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)}>
      <DialogTitle id="registration-title">{LABELS.createAccountTitle}</DialogTitle>
      <DialogContent>
        {mutation.isSuccess ? (
          <Alert severity="success" sx={{ mb: 2 }}>
            {MESSAGES.registrationSuccess}
          </Alert>
        ) : null}
        <PlainTimedAlert alert={alert} onClose={clear} />
        <Stack spacing={2} sx={{ pt: 1 }}>
          {TEXT_FIELDS.map((field) => (
            <FormTextField
              key={field.name}
              control={control}
              name={field.name}
              label={field.label}
              autoComplete={field.autoComplete}
              required
            />
          ))}
          <FormPhoneField control={control} name="phone_number" label={LABELS.phoneNumber} required />
          <FormTextField
            control={control}
            name="email"
            label={LABELS.email}
            type="email"
            autoComplete="email"
            required
          />
          <FormPasswordField
            control={control}
            name="password"
            label={LABELS.password}
            autoComplete="new-password"
            required
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button type="button" onClick={onClose}>
          {LABELS.cancel}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={mutation.isPending || mutation.isSuccess}
          startIcon={mutation.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {LABELS.createAccountSubmit}
        </Button>
      </DialogActions>
    </form>
  );
}
