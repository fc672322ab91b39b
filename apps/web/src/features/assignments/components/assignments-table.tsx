import AddIcon from '@mui/icons-material/Add';
import { Box, Button, LinearProgress, Stack, TablePagination, Tooltip, Typography } from '@mui/material';
import { lighten, type Theme } from '@mui/material/styles';
import { type AssignmentSortKey, type AssignmentTab, ASSIGNMENT_TEXTS as T, type TAssignment } from '@sim/shared';
import type { ReactNode } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataColumn, DataRowOptions } from '../../../components/data-table/types';
import { ErrorState } from '../../../components/error-state';
import { PersonAvatar } from '../../../components/person-avatar';
import type { ListState } from '../../../lib/list-state';
import {
  type AssignmentColumn,
  assignedToText,
  COLUMN_LABELS,
  columnShow,
  columnsFor,
  cutInstruction,
  cutTitle,
  type EmptyText,
  formatListDate,
  type InstructionAction,
  isRowOpenable,
  type RowActions,
  type RowTone,
  rowActions,
  rowTone,
} from '../lib/assignment-rules';
import { type DashboardAccess, showingText, tabLabel } from '../lib/dashboard-tabs';
import { RowActionsCell } from './row-actions';
import { StatusChip } from './status-chip';

interface AssignmentsTableProps {
  tab: AssignmentTab;
  list: ListState<AssignmentSortKey, 'tab'>;
  access: DashboardAccess;
  data: { assignments: TAssignment[]; total: number; total_capped?: boolean } | undefined;
  isLoading: boolean;
  isFetching: boolean;
  error: unknown;
  empty: EmptyText;
  onRetry: () => void;
  onSort: (column: AssignmentSortKey) => void;
  onPage: (page: number) => void;
  onOpen: (row: TAssignment) => void;
  onTrackRecord: (row: TAssignment) => void;
  /** a track-record dialog is plugged in (TRACK RECORD shows) */
  canTrackRecord?: boolean;
  onInstruction: (row: TAssignment, action: InstructionAction) => void;
  onDelete: (row: TAssignment) => void;
  onAdd: () => void;
}

/** A text cut at its limit, the whole text in a tooltip. */
function CutText({ text, cut }: { text: string; cut: (text: string) => string }) {
  const shown = cut(text);
  if (shown === text) return <>{text}</>;
  return (
    <Tooltip title={<Box sx={{ whiteSpace: 'pre-wrap' }}>{text}</Box>}>
      <span>{shown}</span>
    </Tooltip>
  );
}

function cellOf(column: AssignmentColumn, row: TAssignment, seesEveryone: boolean): ReactNode {
  switch (column) {
    case 'assigned_to': {
      const name = assignedToText(row, seesEveryone);
      return name ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', '& > .MuiAvatar-root': { flexShrink: 0 } }}>
          <PersonAvatar name={name} src={row.assigned_profile_url} />
          <span>{name}</span>
        </Stack>
      ) : null;
    }
    case 'group':
      return row.groups.join(', ');
    case 'tool_type':
      return row.tool_type;
    case 'assignment':
      return <CutText text={row.assignment} cut={cutTitle} />;
    case 'assigned_on':
      return formatListDate(row.assigned_on);
    case 'assigned_by':
      return row.assigned_by;
    case 'notes':
      return <CutText text={row.notes} cut={cutInstruction} />;
    case 'review_comments':
      return <CutText text={row.review_comments} cut={cutInstruction} />;
    case 'start_date':
      return formatListDate(row.start_date);
    case 'send_for_review_date':
      return formatListDate(row.send_for_review_date);
    case 'date_of_review':
      return formatListDate(row.date_of_review);
    case 'completed_on':
      return formatListDate(row.completed_on);
    case 'status':
      return <StatusChip status={row.status} />;
    default:
      return null;
  }
}

/** TRACK RECORD shows only when the dashboard was given a track-record dialog. */
const withTrackRecord = (actions: RowActions, available: boolean): RowActions =>
  available ? actions : { ...actions, trackRecord: false };

/** The long texts wrap (the title cut at 50, the instruction at 90); the other cells keep to one line. */
const WIDE = new Set<AssignmentColumn>(['assignment', 'notes', 'review_comments']);
/** Names and group lists may wrap too (a long name would otherwise widen the table past its frame). */
const WRAPS = new Set<AssignmentColumn>([...WIDE, 'assigned_to', 'group', 'assigned_by']);

/** Where a column sits on a phone's card: the title, a field, or the actions at its foot. */
const CARD: Partial<Record<AssignmentColumn, DataColumn<TAssignment>['card']>> = {
  assignment: 'title',
  assigned_to: 'field',
  status: 'field',
  review_comments: 'field',
  assigned_on: 'field',
  date_of_review: 'field',
  completed_on: 'field',
  actions: 'actions',
};

/** The full text in the row's details (the cell cuts it). */
function detailOf(column: AssignmentColumn): ((row: TAssignment) => ReactNode) | undefined {
  if (column === 'assignment') return (row) => row.assignment;
  if (column === 'notes') return (row) => row.notes || T.noDate;
  if (column === 'review_comments') return (row) => row.review_comments || T.noDate;
  return undefined;
}

/** Row backgrounds: NO PASS red, other members' rows grey. */
const toneBackground = (theme: Theme, tone: RowTone) =>
  tone === 'failed' ? lighten(theme.palette.error.main, 0.92) : theme.palette.grey[100];

function rowOptions(row: TAssignment, onOpen: (row: TAssignment) => void): DataRowOptions {
  const tone = rowTone(row);
  return {
    onOpen: isRowOpenable(row) ? () => onOpen(row) : undefined,
    data: { tone },
    sx:
      tone === 'normal'
        ? undefined
        : (theme: Theme) => ({
            bgcolor: toneBackground(theme, tone),
            '& > td': { color: tone === 'failed' ? theme.palette.error.dark : theme.palette.text.secondary },
          }),
  };
}

/**
 * The list of a tab: the spec's columns, server sorted, 10 a page, 'Showing X to Y of Z entries' (issue 31:
 * the assignment, whose, STATUS, MESSAGE TO LEARNER, the tab's date and ACTIONS in the table, the other
 * columns in each row's details or shown with "Columns"; a card per row on a phone).
 */
export function AssignmentsTable(props: AssignmentsTableProps) {
  const { tab, list, access, data, error, empty } = props;
  if (error && !data) return <ErrorState error={error} onRetry={props.onRetry} />;
  const rows = data?.assignments ?? [];
  const total = data?.total ?? 0;
  const loading = props.isLoading && !data;
  const columns: DataColumn<TAssignment>[] = columnsFor(tab, access.seesEveryone, rows).map((column) => ({
    id: column,
    header: COLUMN_LABELS[column],
    show: columnShow(column, tab),
    sortable: column !== 'actions',
    card: CARD[column],
    wrap: WRAPS.has(column),
    controls: column === 'actions',
    detail: detailOf(column),
    sx: WIDE.has(column) ? { minWidth: 120 } : undefined,
    cell:
      column === 'actions'
        ? (row) => (
            <RowActionsCell
              row={row}
              actions={withTrackRecord(rowActions(row, tab, access), props.canTrackRecord ?? true)}
              onOpen={props.onOpen}
              onTrackRecord={props.onTrackRecord}
              onInstruction={props.onInstruction}
              onDelete={props.onDelete}
            />
          )
        : column === 'assignment'
          ? (row) => (
              <Box component="span" sx={{ fontWeight: 600 }}>
                {cellOf(column, row, access.seesEveryone)}
              </Box>
            )
          : (row) => cellOf(column, row, access.seesEveryone),
  }));

  return (
    <Box>
      <Box sx={{ height: 4 }}>{props.isFetching && !loading ? <LinearProgress /> : null}</Box>
      <DataTable<TAssignment>
        tableId={`assignments-${tab}`}
        label={tabLabel(tab)}
        columns={columns}
        rows={rows}
        getRowId={(row) => row._id}
        rowTitle={(row) => row.assignment}
        sort={{ by: list.sortBy, order: list.order, onSort: (column) => props.onSort(column as AssignmentSortKey) }}
        loading={loading}
        busy={props.isFetching}
        rowOptions={(row) => rowOptions(row, props.onOpen)}
        detailsIn="actions"
        empty={
          <Stack spacing={1} sx={{ py: 5, alignItems: 'center', textAlign: 'center' }}>
            <Typography variant="h6" component="p">
              {empty.title}
            </Typography>
            {empty.hint ? <Typography color="text.secondary">{empty.hint}</Typography> : null}
            {empty.offerAdd ? (
              <Button variant="contained" startIcon={<AddIcon />} onClick={props.onAdd}>
                {T.addAssignment}
              </Button>
            ) : null}
          </Stack>
        }
      />
      <TablePagination
        component="div"
        count={total}
        page={Math.min(list.page, Math.max(0, Math.ceil(total / list.limit) - 1))}
        rowsPerPage={list.limit}
        rowsPerPageOptions={[]}
        labelDisplayedRows={() => showingText(list.page, list.limit, rows.length, total, data?.total_capped)}
        onPageChange={(_, page) => props.onPage(page)}
      />
    </Box>
  );
}
