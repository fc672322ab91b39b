import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { EMPLOYEE_SORT_COLUMNS, EMPLOYEE_TEXTS, type TEmployee } from '@sim/shared';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { PageSpinner } from '../../../components/page-spinner';
import { PermissionTooltip } from '../../../components/permission-tooltip';
import { SearchBox } from '../../../components/search-box';
import { errorMessage } from '../../../lib/api-client';
import { listConfig, useListState } from '../../../lib/list-state';
import { usePermissions, useSession } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { useEmployees } from '../api/get-employees';
import { useLoginToAgent } from '../api/login-to-agent';
import { useInfiniteScroll } from '../lib/use-infinite-scroll';
import { AssignTempRoleDialog } from './assign-temp-role-dialog';
import { DeleteEmployeeDialog } from './delete-employee-dialog';
import { EmployeePermissionsDialog } from './employee-permissions-dialog';
import { EmployeeTable } from './employee-table';
import { ViewTempRolesDialog } from './view-temp-roles-dialog';

/** Sort and search of the list in the URL (it scrolls on instead of paging); 200: the server's longest search. */
const EMPLOYEE_LIST = listConfig({ sortKeys: EMPLOYEE_SORT_COLUMNS, sortBy: 'first_name', searchMax: 200 });

type Dialog =
  | { kind: 'delete'; id: string }
  | { kind: 'assign'; id: string }
  | { kind: 'temp-roles'; id: string }
  | { kind: 'permissions'; id: string }
  | null;

/**
 * /admin tab 0, EMPLOYEE LIST: 'Manage Members - {company}', search (Enter or the button), sortable
 * columns, infinite scroll until the total, '+ ADD NEW USER', and the row dialogs.
 */
export function EmployeeListTab() {
  const { user } = useSession();
  const { can } = usePermissions();
  const navigate = useNavigate();
  const list = useListState(EMPLOYEE_LIST);
  const { textSearch, sortBy, order } = list.state;
  const params = { textSearch, sortBy, order };
  const [dialog, setDialog] = useState<Dialog>(null);
  const query = useEmployees(params);
  const loginMutation = useLoginToAgent();
  const toast = useToast();
  const sentinel = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);

  const employees = useMemo(() => query.data?.pages.flatMap((p) => p.employees) ?? [], [query.data]);
  const total = query.data?.pages.at(-1)?.total ?? 0;
  const byId = (id: string) => employees.find((e) => e._id === id) ?? null;
  const current = dialog ? byId(dialog.id) : null;
  const open = (kind: NonNullable<Dialog>['kind']) => (e: TEmployee) => setDialog({ kind, id: e._id });
  const closeDialog = () => setDialog(null);
  const done = (message: string) => {
    setDialog(null);
    toast.show('success', message);
  };

  const loadMore = () => {
    if (query.hasNextPage && !query.isFetchingNextPage && !query.isError) void query.fetchNextPage();
  };
  // the rows scroll inside the table's frame: the next page is asked for near its bottom
  useInfiniteScroll(sentinel, Boolean(query.hasNextPage), loadMore, frame);

  const canCreate = can('employee_list', 'create');
  const addButton = (label: string) => (
    <PermissionTooltip allowed={canCreate} title={EMPLOYEE_TEXTS.noCreateUser}>
      <Button variant="contained" disabled={!canCreate} onClick={() => void navigate('/admin/createuser')}>
        {label}
      </Button>
    </PermissionTooltip>
  );

  const loginAs = (e: TEmployee) => {
    toast.clear();
    loginMutation.mutate(
      { id: e._id, email: e.email },
      {
        onSuccess: () => void navigate('/dashboard', { replace: true }),
        onError: (error) => toast.show('error', errorMessage(error)),
      },
    );
  };

  const scrollFooter = (
    <Box ref={sentinel} sx={{ py: 2, display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 2 }}>
      {query.isFetchingNextPage ? <CircularProgress size={24} aria-label={EMPLOYEE_TEXTS.loadingMore} /> : null}
      {query.hasNextPage && !query.isFetchingNextPage ? (
        <Button onClick={loadMore}>{EMPLOYEE_TEXTS.loadMore}</Button>
      ) : null}
      {query.isError && employees.length > 0 ? (
        <ErrorState error={query.error} onRetry={() => void query.fetchNextPage()} />
      ) : null}
      {!query.hasNextPage && total > 0 ? (
        <Typography variant="body2" color="text.secondary">
          {EMPLOYEE_TEXTS.allLoaded(total)}
        </Typography>
      ) : null}
    </Box>
  );

  return (
    <Box>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {EMPLOYEE_TEXTS.manageMembersTitle(user?.company_name ?? '')}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <SearchBox value={params.textSearch} label={EMPLOYEE_TEXTS.searchLabel} onSearch={list.search} />
        {addButton(EMPLOYEE_TEXTS.addNewUser)}
      </Stack>

      {query.isPending ? <PageSpinner /> : null}
      {query.isError && employees.length === 0 ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : null}
      {query.isSuccess && total === 0 ? (
        params.textSearch ? (
          <Typography sx={{ py: 4, textAlign: 'center' }}>{EMPLOYEE_TEXTS.noSearchResults}</Typography>
        ) : (
          <Stack spacing={2} sx={{ py: 6, alignItems: 'center' }}>
            <Typography>{EMPLOYEE_TEXTS.emptyList}</Typography>
            {addButton(EMPLOYEE_TEXTS.addNewUserEmpty)}
          </Stack>
        )
      ) : null}

      {employees.length > 0 ? (
        <EmployeeTable
          employees={employees}
          sortBy={params.sortBy}
          order={params.order}
          onSort={list.sort}
          permissions={{
            canUpdate: can('employee_list', 'update'),
            canDelete: can('employee_list', 'delete'),
            canUpdateRoles: can('roles', 'update'),
            selfId: user?._id,
          }}
          loggingInId={loginMutation.isPending ? (loginMutation.variables?.id ?? null) : null}
          onDelete={open('delete')}
          onLogin={loginAs}
          onAssignTempRole={open('assign')}
          onViewTempRoles={open('temp-roles')}
          onViewPermissions={open('permissions')}
          frameRef={frame}
          footer={scrollFooter}
        />
      ) : null}

      <DeleteEmployeeDialog
        employee={dialog?.kind === 'delete' ? current : null}
        onClose={closeDialog}
        onDeleted={done}
      />
      <AssignTempRoleDialog
        employee={dialog?.kind === 'assign' ? current : null}
        onClose={closeDialog}
        onAssigned={done}
      />
      <ViewTempRolesDialog
        employee={dialog?.kind === 'temp-roles' ? current : null}
        onClose={closeDialog}
        onDeleted={(message) => toast.show('success', message)}
      />
      <EmployeePermissionsDialog employee={dialog?.kind === 'permissions' ? current : null} onClose={closeDialog} />
    </Box>
  );
}
