import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { IconButton, Switch, Table, TableBody, TableCell, TableHead, TableRow, Tooltip } from '@mui/material';
import { ADMIN_TEXTS, type TRole } from '@sim/shared';
import type { ReactElement } from 'react';
import { ErrorState } from '../../../components/error-state';
import { PageSpinner } from '../../../components/page-spinner';
import { PagedTableFooter } from '../../../components/paged-table-footer';
import { SortableHeader } from '../../../components/sortable-header';
import { TableFrame } from '../../../components/table-frame';
import type { ListState } from '../../../lib/list-state';
import { usePermissions } from '../../../lib/session';

export type RoleSortKey = 'name' | 'disabled';

interface RolesTableProps {
  list: ListState<RoleSortKey>;
  data: { roles: TRole[]; total: number } | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  busyRoleId: string | null;
  onToggle: (role: TRole) => void;
  onEdit: (role: TRole) => void;
  onDuplicate: (role: TRole) => void;
  onDelete: (role: TRole) => void;
  onSort: (column: RoleSortKey) => void;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}

/** An action of a row: enabled with its permission, else disabled with the spec's tooltip. */
function Action({
  allowed,
  label,
  denied,
  onClick,
  icon,
}: {
  allowed: boolean;
  label: string;
  denied: string;
  onClick: () => void;
  icon: ReactElement;
}) {
  return (
    <Tooltip title={allowed ? label : denied}>
      <span>
        <IconButton size="small" aria-label={label} disabled={!allowed} onClick={onClick}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** ROLE / ENABLE / ACTION. */
export function RolesTable(props: RolesTableProps) {
  const { list, data, isLoading, error, onRetry, busyRoleId } = props;
  const { can } = usePermissions();
  if (error && !data) return <ErrorState error={error} onRetry={onRetry} />;
  if (isLoading && !data) return <PageSpinner />;
  const roles = data?.roles ?? [];
  return (
    <>
      <TableFrame fitHeight={false}>
        <Table size="small" aria-label={ADMIN_TEXTS.manageRoles}>
          <TableHead>
            <TableRow>
              <SortableHeader column="name" sortBy={list.sortBy} order={list.order} onSort={props.onSort}>
                {ADMIN_TEXTS.roleColumn}
              </SortableHeader>
              <SortableHeader column="disabled" sortBy={list.sortBy} order={list.order} onSort={props.onSort}>
                {ADMIN_TEXTS.enableColumn}
              </SortableHeader>
              <TableCell>{ADMIN_TEXTS.actionColumn}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {roles.map((role) => (
              <TableRow key={role._id} hover data-testid={`role-row-${role.name}`}>
                <TableCell sx={{ fontWeight: 600, textTransform: 'capitalize' }}>{role.name}</TableCell>
                <TableCell>
                  <Tooltip title={can('roles', 'update') ? '' : ADMIN_TEXTS.noPermissionUpdateRole}>
                    <span>
                      <Switch
                        checked={!role.disabled}
                        disabled={!can('roles', 'update') || busyRoleId === role._id}
                        onChange={() => props.onToggle(role)}
                        slotProps={{ input: { 'aria-label': ADMIN_TEXTS.enableRole(role.name) } }}
                      />
                    </span>
                  </Tooltip>
                </TableCell>
                <TableCell>
                  <Action
                    allowed={can('roles', 'update')}
                    label={`${ADMIN_TEXTS.editRole} ${role.name}`}
                    denied={ADMIN_TEXTS.noPermissionUpdateRole}
                    onClick={() => props.onEdit(role)}
                    icon={<EditOutlined fontSize="small" />}
                  />
                  <Action
                    allowed={can('roles', 'create')}
                    label={`${ADMIN_TEXTS.duplicateRole} ${role.name}`}
                    denied={ADMIN_TEXTS.noPermissionDuplicateRole}
                    onClick={() => props.onDuplicate(role)}
                    icon={<ContentCopy fontSize="small" />}
                  />
                  <Action
                    allowed={can('roles', 'delete')}
                    label={`${ADMIN_TEXTS.deleteRoleTitle} ${role.name}`}
                    denied={ADMIN_TEXTS.noPermissionDeleteRole}
                    onClick={() => props.onDelete(role)}
                    icon={<DeleteOutline fontSize="small" />}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableFrame>
      <PagedTableFooter
        empty={roles.length === 0}
        emptyText={ADMIN_TEXTS.noRoles}
        total={data?.total ?? 0}
        page={list.page}
        limit={list.limit}
        onPage={props.onPage}
        onLimit={props.onLimit}
      />
    </>
  );
}
