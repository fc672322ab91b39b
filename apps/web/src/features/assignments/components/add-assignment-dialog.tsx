import {
  Alert,
  Autocomplete,
  Avatar,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { ASSIGNMENT_LIMITS, ASSIGNMENT_MESSAGES, LABELS, ASSIGNMENT_TEXTS as T } from '@sim/shared';
import { type ReactNode, useId, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { ErrorState } from '../../../components/error-state';
import { useZodForm } from '../../../components/form/form';
import { FormSelect } from '../../../components/form/select-field';
import { FormTextField } from '../../../components/form/text-field';
import { PersonAvatar } from '../../../components/person-avatar';
import { errorMessage } from '../../../lib/api-client';
import { useAddAssignment } from '../api/add-assignment';
import { useAssignmentOptions } from '../api/get-assignment-options';
import {
  EMPTY_ADD_ASSIGNMENT,
  isAddAssignmentComplete,
  toAddAssignmentRequest,
  ZAddAssignmentForm,
} from '../lib/add-assignment-form';
import { cutTitle } from '../lib/assignment-rules';

function Step({ n, label, children }: { n: number; label: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={label}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Avatar sx={{ width: 28, height: 28, fontSize: 14, bgcolor: 'primary.main' }} aria-hidden>
          {n}
        </Avatar>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {label}
        </Typography>
      </Stack>
      <Box sx={{ pl: { sm: 5.5 } }}>{children}</Box>
    </Box>
  );
}

interface AddAssignmentDialogProps {
  onClose: () => void;
  onAdded: (message: string) => void;
}

/**
 * Add New Assignment (sections 2 and 5): 1 Select Tool, 2 Select Assignment, 3 Select member or (toggled) a
 * group, 4 Assignment Instruction. ASSIGN is enabled once complete and disabled after one click.
 */
export function AddAssignmentDialog({ onClose, onAdded }: AddAssignmentDialogProps) {
  const titleId = useId();
  const form = useZodForm(ZAddAssignmentForm, { defaultValues: EMPTY_ADD_ASSIGNMENT });
  const { control, setValue, handleSubmit } = form;
  const values = useWatch({ control }) as typeof EMPTY_ADD_ASSIGNMENT;
  const base = useAssignmentOptions(null, true);
  const ofTool = useAssignmentOptions(values.tool || null, Boolean(values.tool));
  const add = useAddAssignment();
  const [clicked, setClicked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const tools = base.data?.tools ?? [];
  const members = base.data?.members ?? [];
  const groups = base.data?.groups ?? [];
  const sims = values.tool ? (ofTool.data?.sims ?? []) : [];
  const complete = isAddAssignmentComplete(values);

  const submit = handleSubmit(async (data) => {
    setFailure(null);
    try {
      const answer = await add.mutateAsync(toAddAssignmentRequest(data));
      onAdded(answer.message || ASSIGNMENT_MESSAGES.added);
    } catch (error) {
      setFailure(errorMessage(error));
      setClicked(false);
    }
  });

  return (
    <Dialog open onClose={add.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{T.addTitle}</DialogTitle>
      <DialogContent dividers>
        {base.isError ? (
          <ErrorState error={base.error} onRetry={() => void base.refetch()} />
        ) : (
          <Stack component="form" spacing={3} noValidate onSubmit={(event) => event.preventDefault()}>
            <Step n={1} label={T.stepTool}>
              <FormSelect
                control={control}
                name="tool"
                label={T.toolLabel}
                required
                disabled={base.isPending}
                choices={tools.map((t) => ({ value: t._id, label: t.name }))}
                onValueChange={() => setValue('assigned_sim', '')}
              />
            </Step>
            <Step n={2} label={T.stepSim}>
              <FormSelect
                control={control}
                name="assigned_sim"
                label={T.simLabel}
                required
                disabled={!values.tool || ofTool.isPending}
                choices={sims.map((s) => ({ value: s._id, label: cutTitle(s.title) }))}
              />
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5, minHeight: 20 }}>
                {!values.tool
                  ? T.chooseToolFirst
                  : ofTool.isPending
                    ? LABELS.loading
                    : ofTool.isError
                      ? errorMessage(ofTool.error)
                      : sims.length === 0
                        ? T.noSims
                        : ''}
              </Typography>
            </Step>
            <Step n={3} label={values.by_group ? T.stepGroup : T.stepMember}>
              <Controller
                control={control}
                name="by_group"
                render={({ field }) => (
                  <FormControlLabel
                    sx={{ mb: 1 }}
                    label={T.groupToggle}
                    control={
                      <Switch
                        checked={field.value}
                        onChange={(event) => {
                          field.onChange(event.target.checked);
                          // choosing one clears the other (section 5)
                          setValue('user_id', '');
                          setValue('group_id', '');
                        }}
                      />
                    }
                  />
                )}
              />
              {values.by_group ? (
                <Controller
                  control={control}
                  name="group_id"
                  render={({ field }) => (
                    <Autocomplete
                      options={groups}
                      value={groups.find((g) => g._id === field.value) ?? null}
                      onChange={(_, group) => {
                        field.onChange(group?._id ?? '');
                        setValue('user_id', '');
                      }}
                      getOptionLabel={(g) => g.name}
                      isOptionEqualToValue={(a, b) => a._id === b._id}
                      loading={base.isPending}
                      noOptionsText={T.noOptions}
                      renderOption={(props, g) => (
                        <li {...props} key={g._id}>
                          <Stack>
                            <span>{g.name}</span>
                            <Typography variant="caption" color="text.secondary">
                              {T.groupSize(g.member_count)}
                            </Typography>
                          </Stack>
                        </li>
                      )}
                      renderInput={(params) => <TextField {...params} label={T.groupLabel} required />}
                    />
                  )}
                />
              ) : (
                <Controller
                  control={control}
                  name="user_id"
                  render={({ field }) => (
                    <Autocomplete
                      options={members}
                      value={members.find((m) => m._id === field.value) ?? null}
                      onChange={(_, member) => {
                        field.onChange(member?._id ?? '');
                        setValue('group_id', '');
                      }}
                      getOptionLabel={(m) => m.name}
                      isOptionEqualToValue={(a, b) => a._id === b._id}
                      loading={base.isPending}
                      noOptionsText={T.noOptions}
                      renderOption={(props, m) => (
                        <li {...props} key={m._id}>
                          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                            <PersonAvatar name={m.name} src={m.profile_pic} />
                            <Stack>
                              <span>{m.name}</span>
                              <Typography variant="caption" color="text.secondary">
                                {m.role}
                              </Typography>
                            </Stack>
                          </Stack>
                        </li>
                      )}
                      renderInput={(params) => <TextField {...params} label={T.memberLabel} required />}
                    />
                  )}
                />
              )}
            </Step>
            <Step n={4} label={T.stepInstruction}>
              <FormTextField
                control={control}
                name="assignment_notes"
                label={T.instructionLabel}
                rows={3}
                maxLength={ASSIGNMENT_LIMITS.notesMax}
              />
            </Step>
          </Stack>
        )}
        {failure ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={add.isPending}>
          {LABELS.cancel}
        </Button>
        <Button
          variant="contained"
          disabled={!complete || clicked}
          onClick={() => {
            setClicked(true);
            void submit();
          }}
          startIcon={add.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {T.assign}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
