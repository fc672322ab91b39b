import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
} from '@mui/material';
import { AUTHORING_TEXTS, SIM_LIST_TEXTS as T, type TSim, type TSimSortKey } from '@sim/shared';
import type { ReactNode } from 'react';
import { PermissionTooltip } from '../../../components/permission-tooltip';
import { SortableHeader } from '../../../components/sortable-header';
import { adminNote, formatSimDate, formatSimDateTime, fromNow } from '../lib/format';
import { isTrash, SIM_PAGE_SIZE, type SimListState, showingText } from '../lib/sim-list-state';

const COLUMNS: { key: TSimSortKey; label: string }[] = [
  { key: 'title', label: T.colSimulator },
  { key: 'sim_type', label: T.colType },
  { key: 'created_at', label: T.colCreated },
  { key: 'updated_at', label: T.colUpdated },
  { key: 'admin_note', label: T.colAdminNotes },
  { key: 'draft', label: T.colDraft },
  { key: 'built_by', label: T.colBuiltBy },
];

export interface SimRowPermissions {
  canUpdate: boolean;
  canDelete: boolean;
}

interface SimsTableProps extends SimRowPermissions {
  list: SimListState;
  sims: TSim[];
  total: number;
  onSort: (column: TSimSortKey) => void;
  onPage: (page: number) => void;
  onView: (sim: TSim) => void;
  onEdit: (sim: TSim) => void;
  onDelete: (sim: TSim) => void;
  onRestore: (sim: TSim) => void;
  /** shown under the header when the page has no rows */
  empty: ReactNode;
}

/** The sims (or the trash): the spec's columns, server sorted (not the trash) and paged by 10. */
export function SimsTable({
  list,
  sims,
  total,
  canUpdate,
  canDelete,
  onSort,
  onPage,
  onView,
  onEdit,
  onDelete,
  onRestore,
  empty,
}: SimsTableProps) {
  const trash = isTrash(list);
  const title = trash ? AUTHORING_TEXTS.trashTitle : AUTHORING_TEXTS.listTitle;
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) =>
                trash ? (
                  <TableCell key={c.key}>{c.label}</TableCell>
                ) : (
                  <SortableHeader key={c.key} column={c.key} sortBy={list.sortBy} order={list.order} onSort={onSort}>
                    {c.label}
                  </SortableHeader>
                ),
              )}
              <TableCell>{T.colActions}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {sims.map((sim) => (
              <TableRow key={sim._id} hover>
                <TableCell sx={{ fontWeight: 600 }}>
                  <Tooltip title={AUTHORING_TEXTS.simTooltip(sim.totalLevels, sim.totalSteps)}>
                    <span>{sim.title}</span>
                  </Tooltip>
                </TableCell>
                <TableCell>{T.typeLabels[sim.sim_type]}</TableCell>
                <TableCell>{formatSimDate(sim.created_at)}</TableCell>
                <TableCell title={formatSimDateTime(sim.updated_at)}>{fromNow(sim.updated_at)}</TableCell>
                <TableCell sx={{ maxWidth: 280, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {adminNote(sim.admin_note)}
                </TableCell>
                <TableCell>{sim.draft ? T.yes : T.no}</TableCell>
                <TableCell>{sim.built_by}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={0.5}>
                    <Tooltip title={T.view}>
                      <IconButton size="small" aria-label={`${T.view} ${sim.title}`} onClick={() => onView(sim)}>
                        <VisibilityIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    {trash ? (
                      <ActionButton
                        allowed={canDelete}
                        denied={AUTHORING_TEXTS.noPermissionDelete}
                        label={`${T.restore} ${sim.title}`}
                        tooltip={T.restore}
                        onClick={() => onRestore(sim)}
                        icon={<RestoreIcon fontSize="small" />}
                      />
                    ) : (
                      <>
                        <ActionButton
                          allowed={canUpdate}
                          denied={AUTHORING_TEXTS.noPermissionUpdate}
                          label={`${T.edit} ${sim.title}`}
                          tooltip={T.edit}
                          onClick={() => onEdit(sim)}
                          icon={<EditIcon fontSize="small" />}
                        />
                        <ActionButton
                          allowed={canDelete}
                          denied={AUTHORING_TEXTS.noPermissionDelete}
                          label={`${T.delete} ${sim.title}`}
                          tooltip={T.delete}
                          onClick={() => onDelete(sim)}
                          icon={<DeleteIcon fontSize="small" />}
                        />
                      </>
                    )}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {sims.length === 0 ? empty : null}
      <TablePagination
        component="div"
        count={total}
        page={list.page}
        rowsPerPage={SIM_PAGE_SIZE}
        rowsPerPageOptions={[]}
        labelDisplayedRows={() => showingText(list.page, sims.length, total)}
        onPageChange={(_, page) => onPage(page)}
      />
    </>
  );
}

interface ActionButtonProps {
  allowed: boolean;
  denied: string;
  label: string;
  tooltip: string;
  icon: ReactNode;
  onClick: () => void;
}

/** An action icon: disabled with the spec's "You don't have permission to ..." tooltip when not allowed. */
function ActionButton({ allowed, denied, label, tooltip, icon, onClick }: ActionButtonProps) {
  const button = (
    <IconButton size="small" aria-label={label} disabled={!allowed} onClick={onClick}>
      {icon}
    </IconButton>
  );
  if (!allowed) {
    return (
      <PermissionTooltip allowed={false} title={denied}>
        {button}
      </PermissionTooltip>
    );
  }
  return <Tooltip title={tooltip}>{button}</Tooltip>;
}
