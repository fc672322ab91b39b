import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  CircularProgress,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { ADMIN_LIMITS, ADMIN_TEXTS, LABELS, TEXT_MAX, type TMinimalEmployeesResponse } from '@sim/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorState } from '../../../components/error-state';
import { PermissionTooltip } from '../../../components/permission-tooltip';
import { PersonAvatar } from '../../../components/person-avatar';
import { errorMessage } from '../../../lib/api-client';
import { employeeOptionsQueryOptions, fullName } from '../../../lib/pickers';
import { usePermissions } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { useDeleteGroup } from '../api/delete-group';
import { useGroupMembers } from '../api/get-group-members';
import { useSaveGroup } from '../api/save-group';
import {
  canSaveGroup,
  type GroupDraft,
  type GroupFormValues,
  groupPayload,
  initialGroupValues,
  toggleMember,
} from '../lib/group-form';

type Employee = TMinimalEmployeesResponse['employees'][number];

interface GroupFormProps {
  group: GroupDraft | null;
  /** back to the list; `message` is the success to show there */
  onDone: (message?: string) => void;
}

/** 'Create New Group' / 'Update Group': name, description, owner, member tags; DELETE with a confirm. */
export function GroupForm({ group, onDone }: GroupFormProps) {
  const groupId = group?._id;
  const { can } = usePermissions();
  const employees = useQuery(employeeOptionsQueryOptions());
  const members = useGroupMembers(groupId);
  const save = useSaveGroup();
  const remove = useDeleteGroup();
  const [values, setValues] = useState<GroupFormValues>(() => initialGroupValues(group));
  const [membersLoaded, setMembersLoaded] = useState(!groupId);
  const toast = useToast();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  useEffect(() => {
    if (membersLoaded || !members.data) return;
    setValues((v) => ({ ...v, memberIds: members.data.map((m) => m._id) }));
    setMembersLoaded(true);
  }, [members.data, membersLoaded]);

  if (employees.isError) return <ErrorState error={employees.error} onRetry={() => void employees.refetch()} />;
  if (members.isError) return <ErrorState error={members.error} onRetry={() => void members.refetch()} />;

  const options = employees.data ?? [];
  const byId = new Map(options.map((e) => [e._id, e]));
  const owner = values.ownerId ? (byId.get(values.ownerId) ?? null) : null;
  const selected = values.memberIds.map((id) => byId.get(id)).filter((e): e is Employee => Boolean(e));
  const loading = employees.isPending || !membersLoaded;
  const allowed = can('groups', groupId ? 'update' : 'create');

  const onSave = () => {
    save.mutate(groupPayload(values, groupId), {
      onSuccess: (res) => onDone(res.message),
      onError: (error) => toast.show('error', errorMessage(error)),
    });
  };
  const onDelete = () => {
    if (!groupId) return;
    remove.mutate(groupId, {
      onSuccess: (res) => {
        setConfirmOpen(false);
        onDone(res.message);
      },
      onError: (error) => {
        setConfirmOpen(false);
        toast.clear();
        setDeleteError(errorMessage(error));
      },
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h3" sx={{ mb: 2 }}>
        {groupId ? ADMIN_TEXTS.updateGroup : ADMIN_TEXTS.createGroup}
      </Typography>
      {deleteError ? (
        // the server's refusal; closing it returns to the list (spec section 8)
        <Alert severity="error" onClose={() => onDone()} sx={{ mb: 2 }}>
          {deleteError}
        </Alert>
      ) : null}
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <TextField
          label={ADMIN_TEXTS.groupName}
          required
          value={values.name}
          onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
          slotProps={{ htmlInput: { maxLength: TEXT_MAX } }}
        />
        <TextField
          label={ADMIN_TEXTS.groupDescription}
          multiline
          minRows={2}
          value={values.description}
          onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))}
          slotProps={{ htmlInput: { maxLength: ADMIN_LIMITS.groupDescriptionMax } }}
        />
        <Autocomplete
          options={options}
          loading={loading}
          value={owner}
          onChange={(_, value) => setValues((v) => ({ ...v, ownerId: value?._id ?? null }))}
          getOptionLabel={(e) => fullName(e)}
          isOptionEqualToValue={(a, b) => a._id === b._id}
          renderOption={({ key, ...props }, option) => (
            <Box component="li" key={key} {...props} sx={{ gap: 1 }}>
              <PersonAvatar name={fullName(option)} src={option.profile_pic_url} size={24} />
              {fullName(option)}
              <Typography variant="caption" color="text.secondary">
                {option.email}
              </Typography>
            </Box>
          )}
          renderInput={(params) => <TextField {...params} label={ADMIN_TEXTS.groupOwner} required />}
        />
        <Autocomplete
          multiple
          disableCloseOnSelect
          options={options}
          loading={loading}
          value={selected}
          onChange={(_, value) => setValues((v) => ({ ...v, memberIds: value.map((e) => e._id) }))}
          getOptionLabel={(e) => fullName(e)}
          isOptionEqualToValue={(a, b) => a._id === b._id}
          renderValue={(value) =>
            value.map((e) => (
              <Chip
                key={e._id}
                size="small"
                label={fullName(e)}
                avatar={<PersonAvatar name={fullName(e)} src={e.profile_pic_url} size={20} />}
                onClick={() => setValues((v) => ({ ...v, memberIds: toggleMember(v.memberIds, e._id) }))}
                onDelete={() => setValues((v) => ({ ...v, memberIds: toggleMember(v.memberIds, e._id) }))}
                sx={{ m: 0.25 }}
              />
            ))
          }
          renderInput={(params) => <TextField {...params} label={ADMIN_TEXTS.groupMembers} />}
          noOptionsText={ADMIN_TEXTS.noMembersFound}
        />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
        {groupId ? (
          <PermissionTooltip allowed={can('groups', 'delete')} title={ADMIN_TEXTS.noPermissionDeleteGroups}>
            <Button
              color="error"
              variant="outlined"
              disabled={!can('groups', 'delete')}
              onClick={() => setConfirmOpen(true)}
            >
              {ADMIN_TEXTS.delete}
            </Button>
          </PermissionTooltip>
        ) : null}
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={() => onDone()}>{LABELS.cancel}</Button>
        <Button
          variant="contained"
          onClick={onSave}
          disabled={!allowed || loading || !canSaveGroup(values, save.isPending)}
          startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {ADMIN_TEXTS.save}
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirmOpen}
        title={ADMIN_TEXTS.deleteGroupTitle}
        message={ADMIN_TEXTS.deleteGroupConfirm}
        confirmLabel={ADMIN_TEXTS.delete}
        busy={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setConfirmOpen(false)}
      />
    </Paper>
  );
}
