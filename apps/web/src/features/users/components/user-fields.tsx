import { Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import {
  defaultSubStatus,
  USER_CHOICES,
  USER_FORM_TEXTS,
  USER_STATUS_KEYS,
  USER_STATUSES,
  type UserChoiceField,
  type UserFieldName,
  type UserStatus,
} from '@sim/shared';
import type { ReactNode } from 'react';
import { type Control, type UseFormSetValue, useWatch } from 'react-hook-form';
import { FormPhoneField } from '../../../components/form/phone-field';
import { type Choice, FormSelect } from '../../../components/form/select-field';
import { FormTagsField } from '../../../components/form/tags-field';
import { FormTextField } from '../../../components/form/text-field';
import { subStatusesOf, type UserFormValues } from '../lib/user-form';

const L = USER_FORM_TEXTS.labels;
const S = USER_FORM_TEXTS.sections;

const STATUS_CHOICES: Choice[] = USER_STATUS_KEYS.map((k) => ({ value: k, label: USER_STATUSES[k].label }));
const choicesOf = (field: UserChoiceField): Choice[] => USER_CHOICES[field].map((v) => ({ value: v, label: v }));

/** The sections after Status Details, in the order of section 2. */
const CHOICE_SECTIONS: { field: UserChoiceField; title: string }[] = [
  { field: 'schedule', title: S.schedule },
  { field: 'duration', title: S.duration },
  { field: 'employment', title: S.employment },
  { field: 'workplace', title: S.workplace },
  { field: 'joined_company', title: S.joinedCompany },
];
const CHOICE_SECTIONS_AFTER_GROUPS: { field: UserChoiceField; title: string }[] = [
  { field: 'probation', title: S.probation },
  { field: 'promoted', title: S.promoted },
  { field: 'outsourcer', title: S.outsourcer },
];

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

export interface UserFieldsProps {
  control: Control<UserFormValues>;
  setValue: UseFormSetValue<UserFormValues>;
  roles: readonly Choice[];
  groups: readonly Choice[];
  /** fields shown but not changeable (my settings) */
  isReadOnly?: (field: UserFieldName) => boolean;
  /** agents' settings: only the personal data */
  personalOnly?: boolean;
  emailError?: string;
  onEmailBlur?: () => void;
}

/**
 * The sections of the user form (section 2): personal data; status details (status, sub-status, role);
 * Schedule; Duration; Employment; Workplace; Joined company; Groups; Probation; Promoted in CC; Outsourcer.
 * The password section belongs to the edit form only and is rendered by it.
 */
export function UserFields({
  control,
  setValue,
  roles,
  groups,
  isReadOnly = () => false,
  personalOnly = false,
  emailError,
  onEmailBlur,
}: UserFieldsProps) {
  const status = useWatch({ control, name: 'status' });
  const subStatusChoices = subStatusesOf(status).map((v) => ({ value: v, label: v }));
  const text = (name: 'first_name' | 'last_name' | 'nick_name' | 'title', required = true) => (
    <Grid size={{ xs: 12, sm: 6 }}>
      <FormTextField control={control} name={name} label={L[name]} required={required} readOnly={isReadOnly(name)} />
    </Grid>
  );

  return (
    <Stack spacing={2}>
      <Section title={S.personal}>
        <Grid container spacing={2}>
          {text('first_name')}
          {text('last_name')}
          {text('nick_name', false)}
          {text('title')}
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name="email_id"
              label={L.email_id}
              type="email"
              autoComplete="off"
              required
              readOnly={isReadOnly('email_id')}
              extraError={emailError}
              onBlur={onEmailBlur}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormPhoneField
              control={control}
              name="phone_number"
              label={L.phone_number}
              required
              readOnly={isReadOnly('phone_number')}
            />
          </Grid>
        </Grid>
      </Section>
      {personalOnly ? null : (
        <>
          <Section title={S.status}>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 4 }}>
                <FormSelect
                  control={control}
                  name="status"
                  label={L.status}
                  required
                  readOnly={isReadOnly('status')}
                  choices={STATUS_CHOICES}
                  onValueChange={(value) =>
                    setValue('sub_status', defaultSubStatus(value as UserStatus), { shouldValidate: true })
                  }
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <FormSelect
                  control={control}
                  name="sub_status"
                  label={L.sub_status}
                  required
                  readOnly={isReadOnly('sub_status')}
                  choices={subStatusChoices}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <FormSelect
                  control={control}
                  name="role"
                  label={L.role}
                  required
                  readOnly={isReadOnly('role')}
                  choices={roles}
                />
              </Grid>
            </Grid>
          </Section>
          <Grid container spacing={2}>
            {CHOICE_SECTIONS.map(({ field, title }) => (
              <Grid key={field} size={{ xs: 12, sm: 6, md: 4 }}>
                <Section title={title}>
                  <FormSelect
                    control={control}
                    name={field}
                    label={L[field]}
                    required
                    readOnly={isReadOnly(field)}
                    choices={choicesOf(field)}
                  />
                </Section>
              </Grid>
            ))}
            <Grid size={{ xs: 12 }}>
              <Section title={S.groups}>
                <FormTagsField
                  control={control}
                  name="groups"
                  label={L.groups}
                  required
                  readOnly={isReadOnly('groups')}
                  choices={groups}
                />
              </Section>
            </Grid>
            {CHOICE_SECTIONS_AFTER_GROUPS.map(({ field, title }) => (
              <Grid key={field} size={{ xs: 12, sm: 6, md: 4 }}>
                <Section title={title}>
                  <FormSelect
                    control={control}
                    name={field}
                    label={L[field]}
                    required
                    readOnly={isReadOnly(field)}
                    choices={choicesOf(field)}
                  />
                </Section>
              </Grid>
            ))}
          </Grid>
        </>
      )}
    </Stack>
  );
}
