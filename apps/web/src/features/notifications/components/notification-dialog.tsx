import {
  Alert,
  Autocomplete,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Stack,
  TextField,
} from '@mui/material';
import { ADMIN_LIMITS, ADMIN_TEXTS, LABELS } from '@sim/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { employeeOptionsQueryOptions, fullName, groupOptionsQueryOptions } from '../../../lib/pickers';
import { useSendNotification } from '../api/send-notification';
import {
  EMPTY_NOTIFICATION,
  isValid,
  type NotificationFormValues,
  notificationPayload,
  switchMode,
  validateNotification,
} from '../lib/notification-form';

interface NotificationDialogProps {
  open: boolean;
  onClose: () => void;
  onSent: (message: string) => void;
}

/** 'Add New Notification': the message and its recipients, groups or members (toggled by a link). */
export function NotificationDialog({ open, onClose, onSent }: NotificationDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="notification-dialog-title">
      {open ? <NotificationForm onClose={onClose} onSent={onSent} /> : null}
    </Dialog>
  );
}

function NotificationForm({ onClose, onSent }: Omit<NotificationDialogProps, 'open'>) {
  const [values, setValues] = useState<NotificationFormValues>(EMPTY_NOTIFICATION);
  const [submitted, setSubmitted] = useState(false);
  const groups = useQuery({ ...groupOptionsQueryOptions(), enabled: values.mode === 'groups' });
  const members = useQuery({ ...employeeOptionsQueryOptions(), enabled: values.mode === 'members' });
  const send = useSendNotification();
  const errors = submitted ? validateNotification(values) : {};

  const onSubmit = () => {
    setSubmitted(true);
    if (!isValid(validateNotification(values))) return;
    send.mutate(notificationPayload(values), { onSuccess: (res) => onSent(res.message) });
  };

  const groupOptions = groups.data ?? [];
  const memberOptions = members.data ?? [];
  const options = values.mode === 'groups' ? groups : members;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <DialogTitle id="notification-dialog-title">{ADMIN_TEXTS.notificationDialogTitle}</DialogTitle>
      <DialogContent>
        {send.isError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(send.error)}
          </Alert>
        ) : null}
        {options.isError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(options.error)}
          </Alert>
        ) : null}
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={ADMIN_TEXTS.notificationMessage}
            multiline
            minRows={4}
            required
            autoFocus
            value={values.message}
            onChange={(e) => setValues((v) => ({ ...v, message: e.target.value }))}
            error={Boolean(errors.message)}
            helperText={errors.message}
            slotProps={{ htmlInput: { maxLength: ADMIN_LIMITS.notificationMax } }}
          />
          {values.mode === 'groups' ? (
            <Autocomplete
              multiple
              disableCloseOnSelect
              options={groupOptions}
              loading={groups.isPending}
              value={groupOptions.filter((g) => values.groupIds.includes(g._id))}
              onChange={(_, chosen) => setValues((v) => ({ ...v, groupIds: chosen.map((g) => g._id) }))}
              getOptionLabel={(g) => `${g.name} (${g.member_count})`}
              isOptionEqualToValue={(a, b) => a._id === b._id}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={ADMIN_TEXTS.recipientsGroups}
                  error={Boolean(errors.recipients)}
                  helperText={errors.recipients}
                />
              )}
            />
          ) : (
            <Autocomplete
              multiple
              disableCloseOnSelect
              options={memberOptions}
              loading={members.isPending}
              value={memberOptions.filter((m) => values.memberIds.includes(m._id))}
              onChange={(_, chosen) => setValues((v) => ({ ...v, memberIds: chosen.map((m) => m._id) }))}
              getOptionLabel={(m) => `${fullName(m)} (${m.email})`}
              isOptionEqualToValue={(a, b) => a._id === b._id}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={ADMIN_TEXTS.recipientsMembers}
                  error={Boolean(errors.recipients)}
                  helperText={errors.recipients}
                />
              )}
            />
          )}
          <Link component="button" type="button" onClick={() => setValues(switchMode)} sx={{ alignSelf: 'flex-start' }}>
            {values.mode === 'groups' ? ADMIN_TEXTS.chooseMembersInstead : ADMIN_TEXTS.chooseGroupsInstead}
          </Link>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{LABELS.cancel}</Button>
        <Button
          type="submit"
          variant="contained"
          disabled={send.isPending}
          startIcon={send.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {ADMIN_TEXTS.sendNotification}
        </Button>
      </DialogActions>
    </form>
  );
}
