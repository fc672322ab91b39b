import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  Box,
  Button,
  Chip,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import { EMPLOYEE_TEXTS, type EmployeeSortColumn, type SortOrder, type TEmployee } from '@sim/shared';
import type { ReactNode, Ref } from 'react';
import { Link as RouterLink } from 'react-router';
import { PermissionTooltip } from '../../../components/permission-tooltip';
import { PersonAvatar } from '../../../components/person-avatar';
import { SortableHeader } from '../../../components/sortable-header';
import { TableFrame } from '../../../components/table-frame';
import { fullName, showDate, statusText } from '../lib/employee-display';

const C = EMPLOYEE_TEXTS.columns;
/** The columns of section 2, in order; null = not sortable. */
const COLUMNS: { label: string; sort: EmployeeSortColumn | null }[] = [
  { label: C.actions, sort: null },
  { label: C.firstName, sort: 'first_name' },
  { label: C.lastName, sort: 'last_name' },
  { label: C.email, sort: 'email' },
  { label: C.role, sort: 'role' },
  { label: C.permissions, sort: null },
  { label: C.tempRoles, sort: 'tempRoles' },
  { label: C.groups, sort: 'groups' },
  { label: C.status, sort: 'status' },
  { label: C.title, sort: 'title' },
  { label: C.phone, sort: 'phone_number' },
];

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

/** Compact cells; the first-name header sticks to the corner above its column. */
const TABLE_SX = {
  '& .MuiTableCell-root': { px: 1.25 },
  '& thead th:nth-of-type(2)': { left: 0, zIndex: 3 },
} as const;

/** Long texts keep to one line with an ellipsis; the whole text is the cell's title. */
const ONE_LINE = { maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/**
 * The employee table: every column of the spec, sortable headers, the row actions with their tooltips. It
 * scrolls inside its frame (issue 15: it fits 1280 px, its header and the name column stay in view, its
 * horizontal scrollbar stays on screen, the infinite scroll goes on inside it).
 */
export function EmployeeTable({ employees, sortBy, order, onSort, frameRef, footer, ...rest }: EmployeeTableProps) {
  return (
    <TableFrame ref={frameRef}>
      <Table size="small" stickyHeader aria-label={EMPLOYEE_TEXTS.tableLabel} sx={TABLE_SX}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((c) =>
              c.sort ? (
                <SortableHeader key={c.label} column={c.sort} sortBy={sortBy} order={order} onSort={onSort}>
                  {c.label}
                </SortableHeader>
              ) : (
                <TableCell key={c.label}>{c.label}</TableCell>
              ),
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {employees.map((e) => (
            <EmployeeRow key={e._id} employee={e} {...rest} />
          ))}
        </TableBody>
      </Table>
      {footer ? <Box sx={{ position: 'sticky', left: 0 }}>{footer}</Box> : null}
    </TableFrame>
  );
}

function EmployeeRow({
  employee: e,
  permissions: p,
  loggingInId,
  onDelete,
  onLogin,
  onAssignTempRole,
  onViewTempRoles,
  onViewPermissions,
}: { employee: TEmployee; permissions: EmployeeRowPermissions; loggingInId: string | null } & EmployeeTableActions) {
  const name = fullName(e);
  const self = e._id === p.selfId;
  return (
    <TableRow hover data-testid={`employee-${e._id}`}>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
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
      </TableCell>
      <TableCell sx={STICKY_NAME}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', whiteSpace: 'nowrap' }}>
          <PersonAvatar name={name} src={e.profile_pic_url} />
          <span>{e.first_name}</span>
        </Stack>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{e.last_name}</TableCell>
      <TableCell sx={ONE_LINE} title={e.email}>
        {e.email}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{e.role}</TableCell>
      <TableCell>
        <Button
          size="small"
          aria-label={`${EMPLOYEE_TEXTS.view} ${EMPLOYEE_TEXTS.permissionsOf(name)}`}
          onClick={() => onViewPermissions(e)}
        >
          {EMPLOYEE_TEXTS.view}
        </Button>
      </TableCell>
      <TableCell>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
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
      </TableCell>
      <TableCell sx={{ minWidth: 120 }}>
        <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
          {e.groups.map((g) => (
            <Chip key={g._id} size="small" label={g.name} variant="outlined" />
          ))}
        </Stack>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{statusText(e)}</TableCell>
      <TableCell sx={{ ...ONE_LINE, maxWidth: 180 }} title={e.title ?? undefined}>
        {e.title ?? ''}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{e.phone_number ?? ''}</TableCell>
    </TableRow>
  );
}
