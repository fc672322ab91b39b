import EditOutlined from '@mui/icons-material/EditOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import {
  Box,
  Checkbox,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  ADMIN_TEXTS,
  PERMISSION_TYPES,
  type PermissionType,
  type TMatrixProduct,
  type TMatrixRole,
  type TMatrixTask,
} from '@sim/shared';
import { memo } from 'react';
import { isChecked, type MatrixSelection, permissionIdOf } from '../lib/matrix-rules';

interface MatrixTableProps {
  products: TMatrixProduct[];
  roles: TMatrixRole[];
  selection: MatrixSelection;
  /** permissions create: the boxes can be ticked */
  editable: boolean;
  onToggle: (roleId: string, task: TMatrixTask, type: PermissionType) => void;
  onEditDetails: (task: TMatrixTask) => void;
}

const stickyCell = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper', minWidth: 220 } as const;

/** Rows: products with their tasks; columns: roles × VIEW/CREATE/UPDATE/DELETE. */
export function MatrixTable({ products, roles, selection, editable, onToggle, onEditDetails }: MatrixTableProps) {
  const columns = roles.length * PERMISSION_TYPES.length + 1;
  return (
    <TableContainer sx={{ maxHeight: '70vh', border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" stickyHeader aria-label={ADMIN_TEXTS.managePermissions}>
        <TableHead>
          <TableRow>
            <TableCell rowSpan={2} sx={{ ...stickyCell, zIndex: 3 }}>
              {ADMIN_TEXTS.task}
            </TableCell>
            {roles.map((role) => (
              <TableCell
                key={role._id}
                colSpan={PERMISSION_TYPES.length}
                align="center"
                sx={{ fontWeight: 700, textTransform: 'capitalize', borderLeft: 1, borderColor: 'divider' }}
              >
                {role.name}
              </TableCell>
            ))}
          </TableRow>
          <TableRow>
            {roles.flatMap((role) =>
              PERMISSION_TYPES.map((type, i) => (
                <TableCell
                  key={`${role._id}-${type}`}
                  align="center"
                  sx={{ top: 37, fontSize: 11, px: 0.5, ...(i === 0 ? { borderLeft: 1, borderColor: 'divider' } : {}) }}
                >
                  {ADMIN_TEXTS.permissionTypes[type]}
                </TableCell>
              )),
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {products.map((product) => [
            <TableRow key={product._id}>
              <TableCell colSpan={columns} sx={{ bgcolor: 'action.hover', py: 0.75 }}>
                <Typography variant="subtitle2" component="span" sx={{ position: 'sticky', left: 16 }}>
                  {product.product_name}
                </Typography>
              </TableCell>
            </TableRow>,
            ...product.tasks.map((task) => (
              <TaskRow
                key={task.task_id}
                task={task}
                roles={roles}
                checked={checkedKey(selection, roles, task)}
                editable={editable}
                onToggle={onToggle}
                onEditDetails={onEditDetails}
              />
            )),
          ])}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** One letter per role × type ('1' ticked): a row re-renders only when its own boxes change. */
function checkedKey(selection: MatrixSelection, roles: TMatrixRole[], task: TMatrixTask): string {
  return roles
    .map((r) => PERMISSION_TYPES.map((t) => (isChecked(selection, r._id, task, t) ? '1' : '0')).join(''))
    .join('');
}

interface TaskRowProps {
  task: TMatrixTask;
  roles: TMatrixRole[];
  checked: string;
  editable: boolean;
  onToggle: MatrixTableProps['onToggle'];
  onEditDetails: MatrixTableProps['onEditDetails'];
}

const TaskRow = memo(function TaskRow({ task, roles, checked, editable, onToggle, onEditDetails }: TaskRowProps) {
  return (
    <TableRow hover>
      <TableCell sx={stickyCell}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <span>{task.task_name}</span>
          <Tooltip title={task.tooltip || task.task_definition}>
            <InfoOutlined fontSize="inherit" color="action" aria-label={task.tooltip || task.task_definition} />
          </Tooltip>
          <IconButton
            size="small"
            aria-label={`${ADMIN_TEXTS.editPermissionDetails} ${task.task_name}`}
            onClick={() => onEditDetails(task)}
          >
            <EditOutlined fontSize="inherit" />
          </IconButton>
        </Box>
      </TableCell>
      {roles.flatMap((role, r) =>
        PERMISSION_TYPES.map((type, i) => (
          <TableCell
            key={`${role._id}-${type}`}
            align="center"
            padding="none"
            sx={i === 0 ? { borderLeft: 1, borderColor: 'divider' } : undefined}
          >
            <Checkbox
              size="small"
              checked={checked[r * PERMISSION_TYPES.length + i] === '1'}
              disabled={!permissionIdOf(task, type) || !editable}
              onChange={() => onToggle(role._id, task, type)}
              slotProps={{ input: { 'aria-label': `${role.name} ${task.task_name} ${type}` } }}
            />
          </TableCell>
        )),
      )}
    </TableRow>
  );
});
