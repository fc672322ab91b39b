import { Alert, Box, Breadcrumbs, Button, CircularProgress, Grid, Link, Stack, Typography } from '@mui/material';
import { EMPLOYEE_TEXTS, LABELS, type TFormOptionsResponse, type TUserInfo, USER_FORM_TEXTS } from '@sim/shared';
import { useCallback } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import type { Choice } from '../../../components/form/select-field';
import { FormTextField } from '../../../components/form/text-field';
import { PageSpinner } from '../../../components/page-spinner';
import { PermissionTooltip } from '../../../components/permission-tooltip';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { usePermissions } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { useFormOptions } from '../api/get-form-options';
import { useUserInfo } from '../api/get-user-info';
import { useSaveUser } from '../api/save-user';
import { roleChoices } from '../lib/role-choices';
import { useEmailAvailability } from '../lib/use-email-availability';
import {
  EMPTY_USER_FORM,
  toCreateRequest,
  type UserFormValues,
  userFormResolver,
  valuesFromUser,
} from '../lib/user-form';
import { Section, UserFields } from './user-fields';

/** /admin/createuser (edit with ?userId=…): the user form of sections 2 to 5. */
export function UserFormPage() {
  const [searchParams] = useSearchParams();
  const userId = searchParams.get('userId');
  const info = useUserInfo(userId, userId !== null);
  const options = useFormOptions();
  const title = userId ? USER_FORM_TEXTS.editTitle : USER_FORM_TEXTS.createTitle;

  let body: React.ReactNode;
  if ((userId && info.isPending) || options.isPending) body = <PageSpinner />;
  else if (userId && info.isError) body = <ErrorState error={info.error} onRetry={() => void info.refetch()} />;
  else if (options.isError) body = <ErrorState error={options.error} onRetry={() => void options.refetch()} />;
  else if (options.data)
    body = <UserForm key={userId ?? 'new'} userId={userId} user={info.data ?? null} options={options.data} />;

  return (
    <Box>
      <Breadcrumbs aria-label="breadcrumb" sx={{ mb: 1 }}>
        <Link component={RouterLink} to="/dashboard" underline="hover" color="inherit">
          {USER_FORM_TEXTS.breadcrumbDashboard}
        </Link>
        <Link component={RouterLink} to="/admin" underline="hover" color="inherit">
          {USER_FORM_TEXTS.breadcrumbEmployeeList}
        </Link>
        <Typography color="text.primary">{title}</Typography>
      </Breadcrumbs>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {body}
    </Box>
  );
}

interface UserFormProps {
  userId: string | null;
  user: TUserInfo | null;
  options: TFormOptionsResponse;
}

function UserForm({ userId, user, options }: UserFormProps) {
  const navigate = useNavigate();
  const { can } = usePermissions();
  const editing = userId !== null;
  const allowed = can('employee_list', editing ? 'update' : 'create');
  const originalEmail = user?.email_id;
  const { control, handleSubmit, setValue, getValues } = useForm<UserFormValues>({
    defaultValues: user ? valuesFromUser(user) : EMPTY_USER_FORM,
    resolver: userFormResolver({ mode: editing ? 'edit' : 'create', originalEmail }),
    mode: 'onTouched',
  });
  const save = useSaveUser();
  const toast = useToast();
  const { show } = toast;
  const showError = useCallback((error: unknown) => show('error', errorMessage(error)), [show]);
  const email = useWatch({ control, name: 'email_id' });
  const availability = useEmailAvailability({ userId, originalEmail, currentEmail: email, onError: showError });
  const emailError = availability.error;

  const onValid = async (values: UserFormValues) => {
    toast.clear();
    if (!(await availability.check(values.email_id))) return;
    save.mutate(toCreateRequest(values, userId, window.location.origin), {
      onSuccess: (data) => {
        // the message is for the list the user goes back to
        toast.show(data.email_sent ? 'success' : 'warning', data.message, { keepOnNavigate: true });
        void navigate('/admin');
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) availability.markTaken(values.email_id.trim());
        toast.show('error', errorMessage(error));
      },
    });
  };

  const roles = roleChoices(options.roles, user?.role);
  const groups: Choice[] = options.groups.map((g) => ({ value: g._id, label: g.name }));

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onValid)}>
      <Stack spacing={2}>
        <UserFields
          control={control}
          setValue={setValue}
          roles={roles}
          groups={groups}
          emailError={emailError}
          onEmailBlur={() => void availability.check(getValues('email_id'))}
        />
        {editing ? (
          <Section title={USER_FORM_TEXTS.sections.password}>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField
                  control={control}
                  name="password"
                  label={USER_FORM_TEXTS.labels.password}
                  type="password"
                  autoComplete="new-password"
                  helperText={USER_FORM_TEXTS.passwordHelpEdit}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField
                  control={control}
                  name="confirm_password"
                  label={USER_FORM_TEXTS.labels.confirm_password}
                  type="password"
                  autoComplete="new-password"
                />
              </Grid>
            </Grid>
          </Section>
        ) : null}
        {availability.checking ? (
          <Alert severity="info" icon={<CircularProgress size={16} />}>
            {USER_FORM_TEXTS.checkingEmail}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => void navigate('/admin')} disabled={save.isPending}>
            {LABELS.cancel}
          </Button>
          <PermissionTooltip allowed={allowed} title={editing ? EMPLOYEE_TEXTS.noEdit : EMPLOYEE_TEXTS.noCreateUser}>
            <Button
              type="submit"
              variant="contained"
              disabled={!allowed || save.isPending || Boolean(emailError)}
              startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {editing ? USER_FORM_TEXTS.update : USER_FORM_TEXTS.save}
            </Button>
          </PermissionTooltip>
        </Stack>
      </Stack>
    </Box>
  );
}
