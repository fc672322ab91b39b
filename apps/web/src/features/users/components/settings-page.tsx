import { Alert, Box, Button, Card, CardContent, CircularProgress, Grid, Stack } from '@mui/material';
import {
  hasPermission,
  isLearnerAccess,
  SETTINGS_TEXTS,
  selfEditableFields,
  type TFormOptionsResponse,
  type TSessionUser,
  type TUserInfo,
  type UserFieldName,
} from '@sim/shared';
import { useCallback, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ErrorState } from '../../../components/error-state';
import type { Choice } from '../../../components/form/select-field';
import { PageSpinner } from '../../../components/page-spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { useFormOptions } from '../api/get-form-options';
import { useUserInfo } from '../api/get-user-info';
import { useUpdateProfile } from '../api/update-profile';
import { roleChoices } from '../lib/role-choices';
import { useEmailAvailability } from '../lib/use-email-availability';
import { toProfileRequest, type UserFormValues, userFormResolver, valuesFromUser } from '../lib/user-form';
import { GroupsCard } from './groups-card';
import { ProfilePhotoCard } from './profile-photo-card';
import { RecordingRetentionCard } from './recording-retention-card';
import { UpdatePasswordCard } from './update-password-card';
import { UserFields } from './user-fields';

/**
 * /settings: profile photo, my record with Update Changes, Update Password, Groups. A learner (permissions
 * holding no Admin task, whatever the role is called) sees their personal data only, read-only but the nick
 * name; others change their personal data, and with employee_list update every field (the same rule as the
 * server's, from packages/shared).
 */
export function SettingsPage() {
  const { user, permissions } = useSession();
  const info = useUserInfo(null);
  const isLearner = isLearnerAccess(permissions);
  const canUpdateEmployees = hasPermission(permissions, 'employee_list', 'update');
  const options = useFormOptions(!isLearner && canUpdateEmployees);
  const canViewRetention = hasPermission(permissions, 'sim_admin', 'view');

  if (!user || info.isPending) return <PageSpinner />;
  if (info.isError) return <ErrorState error={info.error} onRetry={() => void info.refetch()} />;

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 4 }}>
        <Stack spacing={3}>
          <ProfilePhotoCard user={user} />
          <GroupsCard groups={info.data.group_list} />
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        <Stack spacing={3}>
          <SettingsForm
            key={info.data._id}
            user={user}
            info={info.data}
            isLearner={isLearner}
            editable={selfEditableFields({ isAgent: isLearner, canUpdateEmployees })}
            options={options.data ?? null}
          />
          <UpdatePasswordCard />
          {canViewRetention && <RecordingRetentionCard canUpdate={hasPermission(permissions, 'sim_admin', 'update')} />}
        </Stack>
      </Grid>
    </Grid>
  );
}

interface SettingsFormProps {
  user: TSessionUser;
  info: TUserInfo;
  isLearner: boolean;
  editable: ReadonlySet<UserFieldName>;
  options: TFormOptionsResponse | null;
}

function SettingsForm({ user, info, isLearner, editable, options }: SettingsFormProps) {
  const mutation = useUpdateProfile();
  const toast = useToast();
  const { show } = toast;
  const showError = useCallback((error: unknown) => show('error', errorMessage(error)), [show]);
  const [initial, setInitial] = useState(() => valuesFromUser(info));
  const { control, handleSubmit, setValue, getValues, reset } = useForm<UserFormValues>({
    defaultValues: initial,
    resolver: userFormResolver({ mode: 'settings', fields: editable, initial }),
    mode: 'onTouched',
  });
  const email = useWatch({ control, name: 'email_id' });
  const availability = useEmailAvailability({
    userId: user._id,
    originalEmail: info.email_id,
    currentEmail: email,
    onError: showError,
  });

  // without the options (no employee_list update) the selects show what the user has
  const roles: Choice[] = options
    ? roleChoices(options.roles, info.role)
    : info.role
      ? [{ value: info.role, label: info.role_name }]
      : [];
  const groups: Choice[] = (options?.groups ?? info.group_list).map((g) => ({ value: g._id, label: g.name }));

  const onValid = async (values: UserFormValues) => {
    toast.clear();
    if (editable.has('email_id') && !(await availability.check(values.email_id))) return;
    mutation.mutate(toProfileRequest(values, editable, initial), {
      onSuccess: (data) => {
        const saved = valuesFromUser(data.user);
        setInitial(saved);
        reset(saved);
        show('success', data.message);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) availability.markTaken(values.email_id.trim());
        showError(error);
      },
    });
  };

  const hint = isLearner
    ? SETTINGS_TEXTS.readOnlyHint
    : editable.has('email_id')
      ? null
      : SETTINGS_TEXTS.managedByAdminHint;

  return (
    <Card>
      <CardContent>
        <Box component="form" noValidate onSubmit={handleSubmit(onValid)}>
          {hint ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {hint}
            </Alert>
          ) : null}
          <UserFields
            control={control}
            setValue={setValue}
            roles={roles}
            groups={groups}
            isReadOnly={(field) => !editable.has(field)}
            personalOnly={isLearner}
            emailError={availability.error}
            onEmailBlur={editable.has('email_id') ? () => void availability.check(getValues('email_id')) : undefined}
          />
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
            <Button
              type="submit"
              variant="contained"
              disabled={mutation.isPending || Boolean(availability.error)}
              startIcon={mutation.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {SETTINGS_TEXTS.updateChanges}
            </Button>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
