import EditOutlined from '@mui/icons-material/EditOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Remove from '@mui/icons-material/Remove';
import {
  Box,
  Checkbox,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  ADMIN_FEEDBACK_TEXTS,
  ADMIN_TEXTS,
  PERMISSION_TYPES,
  type PermissionType,
  type TMatrixProduct,
  type TMatrixRole,
  type TMatrixTask,
  taskLabel,
} from '@sim/shared';
import { memo } from 'react';
import { TableFrame } from '../../../components/table-frame';
import { isChecked, type MatrixSelection, permissionIdOf } from '../lib/matrix-rules';
import { currentTooltip } from './permission-details-view';

interface MatrixTableProps {
  products: TMatrixProduct[];
  roles: TMatrixRole[];
  selection: MatrixSelection;
  /** permissions create: the boxes can be ticked */
  editable: boolean;
  onToggle: (roleId: string, task: TMatrixTask, type: PermissionType) => void;
  onEditDetails: (task: TMatrixTask) => void;
}

const TASK_COLUMN_WIDTH = 230;
const stickyCell = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  minWidth: TASK_COLUMN_WIDTH,
  borderRight: 1,
  borderRightColor: 'divider',
} as const;

/** A type the task does not offer: a hatched cell with a dash, unlike a box that is only unticked. */
const NOT_OFFERED_CELL = {
  bgcolor: 'action.hover',
  backgroundImage: 'repeating-linear-gradient(135deg, transparent 0 6px, rgba(0, 0, 0, 0.045) 6px 12px)',
} as const;

/**
 * Rows: products with their tasks, each by its name with its tooltip (the definition until one is saved);
 * columns: roles × VIEW/CREATE/UPDATE/DELETE. It scrolls inside its frame, the task column and the header
 * rows staying in view (issue 15).
 */
export function MatrixTable({ products, roles, selection, editable, onToggle, onEditDetails }: MatrixTableProps) {
  const columns = roles.length * PERMISSION_TYPES.length + 1;
  return (
    <TableFrame>
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
              <TableCell colSpan={columns} sx={{ bgcolor: 'action.selected', py: 0.75 }}>
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
    </TableFrame>
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
  const label = taskLabel(task.task_name);
  const tooltip = currentTooltip(task);
  return (
    <TableRow hover>
      <TableCell component="th" scope="row" sx={stickyCell}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Tooltip title={tooltip} describeChild>
            <Box
              component="span"
              tabIndex={0}
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, cursor: 'help' }}
            >
              <span>{label}</span>
              <InfoOutlined fontSize="inherit" color="action" aria-hidden />
            </Box>
          </Tooltip>
          <IconButton
            size="small"
            aria-label={`${ADMIN_TEXTS.editPermissionDetails} ${label}`}
            onClick={() => onEditDetails(task)}
            sx={{ ml: 'auto' }}
          >
            <EditOutlined fontSize="inherit" />
          </IconButton>
        </Box>
      </TableCell>
      {roles.flatMap((role, r) =>
        PERMISSION_TYPES.map((type, i) => {
          const offered = Boolean(permissionIdOf(task, type));
          return (
            <TableCell
              key={`${role._id}-${type}`}
              align="center"
              padding="none"
              title={offered ? undefined : ADMIN_FEEDBACK_TEXTS.permissionNotOffered(label, type)}
              sx={{
                ...(i === 0 ? { borderLeft: 1, borderColor: 'divider' } : {}),
                ...(offered ? {} : NOT_OFFERED_CELL),
              }}
            >
              <Checkbox
                size="small"
                checked={offered && checked[r * PERMISSION_TYPES.length + i] === '1'}
                disabled={!offered || !editable}
                icon={offered ? undefined : <Remove fontSize="small" data-testid="not-offered" />}
                onChange={() => onToggle(role._id, task, type)}
                slotProps={{ input: { 'aria-label': `${role.name} ${task.task_name} ${type}` } }}
              />
            </TableCell>
          );
        }),
      )}
    </TableRow>
  );
});
