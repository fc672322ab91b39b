import { FormControl, Grid, InputLabel, MenuItem, Select, Stack, Typography } from '@mui/material';
import { ADMIN_FEEDBACK_TEXTS, ADMIN_TEXTS, type TRole } from '@sim/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorState } from '../../../components/error-state';
import { SearchBox } from '../../../components/search-box';
import { errorMessage } from '../../../lib/api-client';
import { listConfig, useListState, usePageInRange } from '../../../lib/list-state';
import { companiesQueryOptions } from '../../../lib/pickers';
import { useSession } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { useDeleteRole } from '../api/delete-role';
import { useRoles } from '../api/get-roles';
import { useSaveRole } from '../api/save-role';
import { type RolePanelMode, togglePayload } from '../lib/role-form';
import { RolePanel } from './role-panel';
import { type RoleSortKey, RolesTable } from './roles-table';

/** The roles list in the URL: by name. */
const ROLE_LIST = listConfig<RoleSortKey>({ sortKeys: ['name', 'disabled'], sortBy: 'name' });

/** The ROLES tab: company select, the roles table and the Add Role panel. */
export function RolesTab() {
  const { user } = useSession();
  const companies = useQuery(companiesQueryOptions());
  const [companyId, setCompanyId] = useState<string | null>(user?.company_id ?? null);
  const list = useListState(ROLE_LIST);
  const roles = useRoles(
    {
      company_id: companyId ?? undefined,
      skip: list.skip,
      limit: list.state.limit,
      textSearch: list.state.textSearch,
      sortBy: list.state.sortBy,
      order: list.state.order,
    },
    Boolean(companyId),
  );
  usePageInRange(list, roles.isFetching ? undefined : roles.data?.total);
  const [panel, setPanel] = useState<RolePanelMode>({ kind: 'add' });
  const [toDelete, setToDelete] = useState<TRole | null>(null);
  const toast = useToast();
  const toggle = useSaveRole();
  const remove = useDeleteRole();

  const company = companies.data?.find((c) => c._id === companyId);
  const done = (message?: string) => {
    setPanel({ kind: 'add' });
    if (message) toast.show('success', message);
  };
  const onDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete._id, {
      onSuccess: (res) => toast.show('success', res.message),
      // the server's message in an error alert (spec section 8)
      onError: (error) => toast.show('error', errorMessage(error)),
      onSettled: () => setToDelete(null),
    });
  };
  // the ENABLE switch answers either way (issue 15: disabling a role said nothing)
  const onToggle = (role: TRole) =>
    toggle.mutate(togglePayload(role), {
      onSuccess: () =>
        toast.show(
          role.disabled ? 'success' : 'info',
          role.disabled ? ADMIN_FEEDBACK_TEXTS.roleEnabled(role.name) : ADMIN_FEEDBACK_TEXTS.roleDisabled(role.name),
        ),
      onError: (error) => toast.show('error', errorMessage(error)),
    });

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h2">
        {ADMIN_TEXTS.manageRoles}
      </Typography>
      {companies.isError ? <ErrorState error={companies.error} onRetry={() => void companies.refetch()} /> : null}
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
        <FormControl size="small" sx={{ minWidth: 240 }}>
          <InputLabel id="roles-company-label">{ADMIN_TEXTS.company}</InputLabel>
          <Select
            labelId="roles-company-label"
            label={ADMIN_TEXTS.company}
            value={companies.data && companyId ? companyId : ''}
            disabled={(companies.data?.length ?? 0) < 2}
            onChange={(event) => {
              setCompanyId(event.target.value);
              setPanel({ kind: 'add' });
              list.setPage(0);
            }}
          >
            {(companies.data ?? []).map((c) => (
              <MenuItem key={c._id} value={c._id}>
                {c.name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <SearchBox value={list.state.textSearch} onSearch={list.search} />
      </Stack>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <RolesTable
            list={list.state}
            data={roles.data}
            isLoading={roles.isPending}
            error={roles.error}
            onRetry={() => void roles.refetch()}
            busyRoleId={toggle.isPending ? (toggle.variables?._id ?? null) : null}
            onToggle={onToggle}
            onEdit={(role) => setPanel({ kind: 'edit', role })}
            onDuplicate={(role) => setPanel({ kind: 'duplicate', role })}
            onDelete={setToDelete}
            onSort={list.sort}
            onPage={list.setPage}
            onLimit={list.setLimit}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <RolePanel
            key={`${panel.kind}-${panel.kind === 'add' ? '' : panel.role._id}-${companyId}`}
            mode={panel}
            companyId={companyId}
            companyName={company?.name ?? user?.company_name ?? ''}
            onDone={done}
          />
        </Grid>
      </Grid>
      <ConfirmDialog
        open={Boolean(toDelete)}
        title={ADMIN_TEXTS.deleteRoleTitle}
        message={`${ADMIN_TEXTS.deleteRoleConfirm} (${toDelete?.name ?? ''})?`}
        confirmLabel={ADMIN_TEXTS.delete}
        busy={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
