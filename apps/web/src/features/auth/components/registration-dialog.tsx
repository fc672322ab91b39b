import { zodResolver } from '@hookform/resolvers/zod';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  Stack,
  TextField,
} from '@mui/material';
import { LABELS, MESSAGES, REGISTRATION_DIALOG_CLOSE_MS } from '@sim/shared';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { PhoneMaskInput } from '../../../components/phone-mask-input';
import { TimedAlert, useTimedAlert } from '../../../components/timed-alert';
import { errorMessage } from '../../../lib/api-client';
import { useRegister } from '../api/register';
import {
  EMPTY_REGISTRATION,
  type TRegistrationForm,
  type TRegistrationFormInput,
  ZRegistrationForm,
} from '../lib/registration-form';

interface RegistrationDialogProps {
  open: boolean;
  allowNewCompany: string;
  onClose: () => void;
}

/** Creates a new company's first account, with an invitation value from the sign-in URL. */
export function RegistrationDialog({ open, allowNewCompany, onClose }: RegistrationDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="registration-title">
      {open ? <RegistrationForm allowNewCompany={allowNewCompany} onClose={onClose} /> : null}
    </Dialog>
  );
}

const TEXT_FIELDS = [
  { name: 'first_name', label: LABELS.firstName, autoComplete: 'given-name' },
  { name: 'last_name', label: LABELS.lastName, autoComplete: 'family-name' },
  { name: 'company_name', label: LABELS.companyName, autoComplete: 'organization' },
] as const;

function RegistrationForm({ allowNewCompany, onClose }: Omit<RegistrationDialogProps, 'open'>) {
  const [showPassword, setShowPassword] = useState(false);
  const { alert, show, clear } = useTimedAlert();
  const mutation = useRegister();
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TRegistrationFormInput, unknown, TRegistrationForm>({
    resolver: zodResolver(ZRegistrationForm),
    defaultValues: EMPTY_REGISTRATION,
  });

  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    if (!mutation.isSuccess) return;
    const timer = window.setTimeout(() => onCloseRef.current(), REGISTRATION_DIALOG_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [mutation.isSuccess]);

  const onSubmit = (values: TRegistrationForm) => {
    clear();
    mutation.mutate({ ...values, allowNewCompany }, { onError: (error) => show('error', errorMessage(error)) });
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
        <TimedAlert alert={alert} onClose={clear} />
        <Stack spacing={2} sx={{ pt: 1 }}>
          {TEXT_FIELDS.map((field) => (
            <TextField
              key={field.name}
              label={field.label}
              autoComplete={field.autoComplete}
              required
              fullWidth
              error={Boolean(errors[field.name])}
              helperText={errors[field.name]?.message}
              {...register(field.name)}
            />
          ))}
          <Controller
            control={control}
            name="phone_number"
            render={({ field }) => (
              <TextField
                label={LABELS.phoneNumber}
                required
                fullWidth
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                autoComplete="tel"
                error={Boolean(errors.phone_number)}
                helperText={errors.phone_number?.message}
                slotProps={{
                  // biome-ignore lint/suspicious/noExplicitAny: MUI types inputComponent for its own event shape
                  input: { inputComponent: PhoneMaskInput as any },
                  inputLabel: { shrink: true },
                }}
              />
            )}
          />
          <TextField
            label={LABELS.email}
            type="email"
            autoComplete="email"
            required
            fullWidth
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label={LABELS.password}
            type={showPassword ? 'text' : 'password'}
            autoComplete="new-password"
            required
            fullWidth
            error={Boolean(errors.password)}
            helperText={errors.password?.message}
            {...register('password')}
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      aria-label={showPassword ? LABELS.hidePassword : LABELS.showPassword}
                      onClick={() => setShowPassword((v) => !v)}
                      edge="end"
                    >
                      {showPassword ? <VisibilityOff /> : <Visibility />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
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
