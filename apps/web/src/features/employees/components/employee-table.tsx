import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  Button,
  Chip,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import { EMPLOYEE_TEXTS, type EmployeeSortColumn, type SortOrder, type TEmployee } from '@sim/shared';
import { Link as RouterLink } from 'react-router';
import { PermissionTooltip } from '../../../components/permission-tooltip';
import { PersonAvatar } from '../../../components/person-avatar';
import { SortableHeader } from '../../../components/sortable-header';
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
}

/** The employee table: every column of the spec, sortable headers, the row actions with their tooltips. */
export function EmployeeTable({ employees, sortBy, order, onSort, ...rest }: EmployeeTableProps) {
  return (
    <TableContainer>
      <Table size="small" aria-label={EMPLOYEE_TEXTS.tableLabel}>
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
    </TableContainer>
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
      <TableCell>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <PersonAvatar name={name} src={e.profile_pic_url} />
          <span>{e.first_name}</span>
        </Stack>
      </TableCell>
      <TableCell>{e.last_name}</TableCell>
      <TableCell>{e.email}</TableCell>
      <TableCell>{e.role}</TableCell>
      <TableCell>
        <Button size="small" aria-label={EMPLOYEE_TEXTS.permissionsOf(name)} onClick={() => onViewPermissions(e)}>
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
      <TableCell>
        <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
          {e.groups.map((g) => (
            <Chip key={g._id} size="small" label={g.name} variant="outlined" />
          ))}
        </Stack>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{statusText(e)}</TableCell>
      <TableCell>{e.title ?? ''}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{e.phone_number ?? ''}</TableCell>
    </TableRow>
  );
}
