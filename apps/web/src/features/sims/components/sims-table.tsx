import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, IconButton, Stack, TablePagination, Tooltip } from '@mui/material';
import { AUTHORING_TEXTS, SIM_LIST_TEXTS as T, type TSim, type TSimSortKey } from '@sim/shared';
import type { ReactNode } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataColumn } from '../../../components/data-table/types';
import { PermissionTooltip } from '../../../components/permission-tooltip';
import { adminNote, formatSimDate, formatSimDateTime, fromNow } from '../lib/format';
import { isTrash, SIM_PAGE_SIZE, type SimListState, showingText } from '../lib/sim-list-state';

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

type SimActions = Pick<SimsTableProps, 'canUpdate' | 'canDelete' | 'onView' | 'onEdit' | 'onDelete' | 'onRestore'>;

/** ACTIONS: view, then restore (the trash) or edit and delete. */
function SimRowActions({ sim, trash, ...p }: { sim: TSim; trash: boolean } & SimActions) {
  return (
    <Stack direction="row" spacing={0.5}>
      <Tooltip title={T.view}>
        <IconButton size="small" aria-label={`${T.view} ${sim.title}`} onClick={() => p.onView(sim)}>
          <VisibilityIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {trash ? (
        <ActionButton
          allowed={p.canDelete}
          denied={AUTHORING_TEXTS.noPermissionDelete}
          label={`${T.restore} ${sim.title}`}
          tooltip={T.restore}
          onClick={() => p.onRestore(sim)}
          icon={<RestoreIcon fontSize="small" />}
        />
      ) : (
        <>
          <ActionButton
            allowed={p.canUpdate}
            denied={AUTHORING_TEXTS.noPermissionUpdate}
            label={`${T.edit} ${sim.title}`}
            tooltip={T.edit}
            onClick={() => p.onEdit(sim)}
            icon={<EditIcon fontSize="small" />}
          />
          <ActionButton
            allowed={p.canDelete}
            denied={AUTHORING_TEXTS.noPermissionDelete}
            label={`${T.delete} ${sim.title}`}
            tooltip={T.delete}
            onClick={() => p.onDelete(sim)}
            icon={<DeleteIcon fontSize="small" />}
          />
        </>
      )}
    </Stack>
  );
}

/**
 * The columns of the spec, in order; sortable except in the trash. Issue 31: CREATED waits in each row's
 * details (UPDATED tells more about a sim in work), so the others fit 1280 px.
 */
function simColumns(trash: boolean, actions: SimActions): DataColumn<TSim>[] {
  const sortable = !trash;
  return [
    {
      id: 'title',
      header: T.colSimulator,
      sortable,
      show: 'always',
      card: 'title',
      wrap: true,
      sx: { minWidth: 140 },
      cell: (sim) => (
        <Tooltip title={AUTHORING_TEXTS.simTooltip(sim.totalLevels, sim.totalSteps)}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {sim.title}
          </Box>
        </Tooltip>
      ),
    },
    { id: 'sim_type', header: T.colType, sortable, card: 'field', cell: (sim) => T.typeLabels[sim.sim_type] },
    {
      id: 'created_at',
      header: T.colCreated,
      sortable,
      show: 'optional',
      cell: (sim) => formatSimDate(sim.created_at),
    },
    {
      id: 'updated_at',
      header: T.colUpdated,
      sortable,
      card: 'field',
      cell: (sim) => <span title={formatSimDateTime(sim.updated_at)}>{fromNow(sim.updated_at)}</span>,
    },
    {
      id: 'admin_note',
      header: T.colAdminNotes,
      sortable,
      wrap: true,
      sx: { maxWidth: 280, minWidth: 180, whiteSpace: 'pre-wrap' },
      cell: (sim) => adminNote(sim.admin_note),
      detail: (sim) => sim.admin_note,
    },
    { id: 'draft', header: T.colDraft, sortable, card: 'field', cell: (sim) => (sim.draft ? T.yes : T.no) },
    { id: 'built_by', header: T.colBuiltBy, sortable, wrap: true, cell: (sim) => sim.built_by },
    {
      id: 'actions',
      header: T.colActions,
      show: 'always',
      controls: true,
      card: 'actions',
      cell: (sim) => <SimRowActions sim={sim} trash={trash} {...actions} />,
    },
  ];
}

/** The sims (or the trash): the spec's columns, server sorted (not the trash) and paged by 10. */
export function SimsTable({ list, sims, total, onSort, onPage, empty, ...actions }: SimsTableProps) {
  const trash = isTrash(list);
  return (
    <>
      <DataTable<TSim>
        tableId="sims"
        label={trash ? AUTHORING_TEXTS.trashTitle : AUTHORING_TEXTS.listTitle}
        columns={simColumns(trash, actions)}
        rows={sims}
        getRowId={(sim) => sim._id}
        rowTitle={(sim) => sim.title}
        sort={trash ? undefined : { by: list.sortBy, order: list.order, onSort: (c) => onSort(c as TSimSortKey) }}
        detailsIn="actions"
        empty={empty}
      />
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
