import { Button, Card, CardContent, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { MESSAGES, PASSWORD_MIN_LENGTH, SETTINGS_TEXTS } from '@sim/shared';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useUpdatePassword } from '../api/update-password';

/** The rule of section 5: enabled only when the three are filled and the new two match. */
export function passwordCardState(v: { current: string; next: string; confirm: string }) {
  const mismatch = v.next !== '' && v.confirm !== '' && v.next !== v.confirm;
  return { mismatch, enabled: v.current !== '' && v.next !== '' && v.confirm !== '' && !mismatch };
}

/** The Update Password card: current, new and confirm; 'Current password is not the right one !'. */
export function UpdatePasswordCard() {
  const [value, setValue] = useState({ current: '', next: '', confirm: '' });
  const [currentError, setCurrentError] = useState<string | null>(null);
  const [nextError, setNextError] = useState<string | null>(null);
  const toast = useToast();
  const mutation = useUpdatePassword();
  const { mismatch, enabled } = passwordCardState(value);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!enabled) return;
    toast.clear();
    setCurrentError(null);
    if (value.next.length < PASSWORD_MIN_LENGTH) {
      setNextError(MESSAGES.passwordTooShort);
      return;
    }
    mutation.mutate(
      { current_password: value.current, new_password: value.next },
      {
        onSuccess: (data) => {
          setValue({ current: '', next: '', confirm: '' });
          toast.show(data.email_sent ? 'success' : 'warning', data.message);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.message === SETTINGS_TEXTS.wrongCurrentPassword)
            setCurrentError(error.message);
          else toast.show('error', errorMessage(error));
        },
      },
    );
  };

  const field = (key: keyof typeof value, label: string, autoComplete: string, error?: string | null) => (
    <TextField
      type="password"
      label={label}
      autoComplete={autoComplete}
      value={value[key]}
      onChange={(event) => {
        setValue((v) => ({ ...v, [key]: event.target.value }));
        if (key === 'current') setCurrentError(null);
        if (key === 'next') setNextError(null);
      }}
      required
      fullWidth
      error={Boolean(error)}
      helperText={error ?? undefined}
    />
  );

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {SETTINGS_TEXTS.updatePasswordCard}
        </Typography>
        <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
          {field('current', SETTINGS_TEXTS.currentPassword, 'current-password', currentError)}
          {field('next', SETTINGS_TEXTS.newPassword, 'new-password', nextError)}
          {field(
            'confirm',
            SETTINGS_TEXTS.confirmPassword,
            'new-password',
            mismatch ? MESSAGES.passwordMismatch : null,
          )}
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button
              type="submit"
              variant="contained"
              disabled={!enabled || mutation.isPending}
              startIcon={mutation.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {SETTINGS_TEXTS.updatePasswordButton}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
