import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Box, Button, Chip, IconButton, Stack, Tooltip } from '@mui/material';
import { EMPLOYEE_TEXTS, type EmployeeSortColumn, type SortOrder, type TEmployee } from '@sim/shared';
import type { ReactNode, Ref } from 'react';
import { Link as RouterLink } from 'react-router';
import { DataTable } from '../../../components/data-table/data-table';
import type { ColumnShow, DataColumn } from '../../../components/data-table/types';
import { PermissionTooltip } from '../../../components/permission-tooltip';
import { PersonAvatar } from '../../../components/person-avatar';
import { fullName, showDate, statusText } from '../lib/employee-display';

const C = EMPLOYEE_TEXTS.columns;

export interface EmployeeRowPermissions {
  canUpdate: boolean;
  canDelete: boolean;
  canUpdateRoles: boolean;
  selfId: string | undefined;
}

export interface EmployeeTableActions {
  onDelete: (e: TEmployee) => void;
  onLogin: (e: TEmployee) => void;
  onAssignTempRole: (e: TEmployee) => void;
  onViewTempRoles: (e: TEmployee) => void;
  onViewPermissions: (e: TEmployee) => void;
}

interface EmployeeTableProps extends EmployeeTableActions {
  employees: readonly TEmployee[];
  sortBy: EmployeeSortColumn;
  order: SortOrder;
  onSort: (column: EmployeeSortColumn) => void;
  permissions: EmployeeRowPermissions;
  loggingInId: string | null;
  /** the frame the rows scroll in (the infinite scroll watches it) */
  frameRef?: Ref<HTMLDivElement>;
  /** below the rows, inside the frame: the infinite scroll's sentinel and its messages */
  footer?: ReactNode;
}

/** The first-name column stays in view while the table scrolls sideways (the row's name). */
const STICKY_NAME = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' } as const;

/** Long texts keep to one line with an ellipsis; the whole text is the cell's title. */
const ONE_LINE = {
  display: 'block',
  maxWidth: 140,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

function OneLine({ text, maxWidth }: { text: string; maxWidth?: number }) {
  return (
    <Box component="span" title={text} sx={{ ...ONE_LINE, maxWidth: maxWidth ?? ONE_LINE.maxWidth }}>
      {text}
    </Box>
  );
}

type RowProps = { permissions: EmployeeRowPermissions; loggingInId: string | null } & EmployeeTableActions;

/**
 * The columns of section 2, in order. Issue 31: GROUPS and PHONE NUMBER start in each row's details (the
 * others are what the end-to-end journeys and a person managing members need in view); "Columns" shows them.
 */
function employeeColumns(p: RowProps): DataColumn<TEmployee>[] {
  const column = (
    id: string,
    header: string,
    cell: DataColumn<TEmployee>['cell'],
    more: Partial<DataColumn<TEmployee>> = {},
  ): DataColumn<TEmployee> => ({ id, header, cell, show: 'default' as ColumnShow, ...more });
  return [
    column('actions', C.actions, (e) => <EmployeeActions employee={e} {...p} />, {
      show: 'always',
      controls: true,
      card: 'actions',
    }),
    column(
      'first_name',
      C.firstName,
      (e) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', whiteSpace: 'nowrap' }}>
          <PersonAvatar name={fullName(e)} src={e.profile_pic_url} />
          <span>{e.first_name}</span>
        </Stack>
      ),
      { sortable: true, show: 'always', sx: STICKY_NAME, headerSx: { left: 0, zIndex: 3 } },
    ),
    column('last_name', C.lastName, (e) => e.last_name, { sortable: true }),
    column('email', C.email, (e) => <OneLine text={e.email} />, { sortable: true, card: 'field' }),
    column('role', C.role, (e) => e.role, { sortable: true, card: 'field' }),
    column(
      'permissions',
      C.permissions,
      (e) => (
        <Button
          size="small"
          aria-label={`${EMPLOYEE_TEXTS.view} ${EMPLOYEE_TEXTS.permissionsOf(fullName(e))}`}
          onClick={() => p.onViewPermissions(e)}
        >
          {EMPLOYEE_TEXTS.view}
        </Button>
      ),
      { controls: true },
    ),
    column('tempRoles', C.tempRoles, (e) => <TempRoles employee={e} {...p} />, {
      sortable: true,
      controls: true,
      wrap: true,
    }),
    column(
      'groups',
      C.groups,
      (e) => (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {e.groups.map((g) => (
            <Chip key={g._id} size="small" label={g.name} variant="outlined" />
          ))}
        </Stack>
      ),
      { sortable: true, show: 'optional', wrap: true, sx: { minWidth: 120 } },
    ),
    column('status', C.status, (e) => statusText(e), { sortable: true, card: 'field', wrap: true }),
    column('title', C.title, (e) => <OneLine text={e.title ?? ''} maxWidth={100} />, {
      sortable: true,
      detail: (e) => e.title ?? '',
    }),
    column('phone_number', C.phone, (e) => e.phone_number ?? '', { sortable: true, show: 'optional' }),
  ];
}

/**
 * The employee table: the spec's columns, sortable headers, the row actions with their tooltips. It scrolls
 * inside its frame (issue 15: its header and the name column stay in view, its horizontal scrollbar stays on
 * screen, the infinite scroll goes on inside it); issue 31: the less used columns wait in each row's
 * details, so the others fit 1280 px, and a phone shows a card per member.
 */
export function EmployeeTable({ employees, sortBy, order, onSort, frameRef, footer, ...rest }: EmployeeTableProps) {
  return (
    <DataTable<TEmployee>
      tableId="employees"
      label={EMPLOYEE_TEXTS.tableLabel}
      columns={employeeColumns(rest)}
      rows={employees}
      getRowId={(e) => e._id}
      rowTitle={fullName}
      sort={{ by: sortBy, order, onSort: (column) => onSort(column as EmployeeSortColumn) }}
      rowOptions={(e) => ({ testId: `employee-${e._id}` })}
      detailsIn="actions"
      detailsWrap
      frame={{ ref: frameRef }}
      footer={footer}
      tableSx={{ '& .MuiTableCell-root': { px: 1 } }}
    />
  );
}

/** ACTIONS: edit, delete (not oneself), and Login for a learner's account. */
function EmployeeActions({
  employee: e,
  permissions: p,
  loggingInId,
  onDelete,
  onLogin,
}: { employee: TEmployee } & RowProps) {
  const name = fullName(e);
  const self = e._id === p.selfId;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', whiteSpace: 'nowrap' }}>
      <PermissionTooltip allowed={p.canUpdate} title={EMPLOYEE_TEXTS.noEdit}>
        <IconButton
          size="small"
          aria-label={EMPLOYEE_TEXTS.editEmployee(name)}
          component={RouterLink}
          to={`/admin/createuser?userId=${encodeURIComponent(e._id)}`}
          disabled={!p.canUpdate}
        >
          <EditOutlined fontSize="small" />
        </IconButton>
      </PermissionTooltip>
      <PermissionTooltip
        allowed={p.canDelete && !self}
        title={self ? EMPLOYEE_TEXTS.cannotDeleteSelf : EMPLOYEE_TEXTS.noDelete}
      >
        <IconButton
          size="small"
          aria-label={EMPLOYEE_TEXTS.deleteEmployee(name)}
          disabled={!p.canDelete || self}
          onClick={() => onDelete(e)}
        >
          <DeleteOutline fontSize="small" />
        </IconButton>
      </PermissionTooltip>
      {/* a learner's account (permissions with no Admin task, decided by the server), whatever the role is called */}
      {e.learner ? (
        <PermissionTooltip allowed={p.canUpdate} title={EMPLOYEE_TEXTS.noLoginAsAgent}>
          <Button
            size="small"
            variant="outlined"
            aria-label={EMPLOYEE_TEXTS.loginAs(name)}
            disabled={!p.canUpdate || loggingInId !== null}
            onClick={() => onLogin(e)}
          >
            {EMPLOYEE_TEXTS.login}
          </Button>
        </PermissionTooltip>
      ) : null}
    </Stack>
  );
}

/** TEMP ROLES: a chip per temporary role (its dates on hover), VIEW, and the assign button. */
function TempRoles({
  employee: e,
  permissions: p,
  onViewTempRoles,
  onAssignTempRole,
}: { employee: TEmployee } & RowProps) {
  const name = fullName(e);
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {e.tempRoles.map((t) => (
        <Tooltip key={t.role} title={`${showDate(t.startDate)} – ${showDate(t.endDate)}`}>
          <Chip
            size="small"
            label={t.roleName}
            color={t.active ? 'primary' : 'default'}
            variant={t.active ? 'filled' : 'outlined'}
          />
        </Tooltip>
      ))}
      {e.tempRoles.length > 0 ? (
        <Button size="small" aria-label={EMPLOYEE_TEXTS.viewTempRolesFor(name)} onClick={() => onViewTempRoles(e)}>
          {EMPLOYEE_TEXTS.view}
        </Button>
      ) : null}
      <PermissionTooltip allowed={p.canUpdateRoles} title={EMPLOYEE_TEXTS.noUpdateRole}>
        <IconButton
          size="small"
          aria-label={EMPLOYEE_TEXTS.assignTempRoleFor(name)}
          disabled={!p.canUpdateRoles}
          onClick={() => onAssignTempRole(e)}
        >
          <AddCircleOutline fontSize="small" />
        </IconButton>
      </PermissionTooltip>
    </Stack>
  );
}
