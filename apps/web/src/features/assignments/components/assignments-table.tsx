import AddIcon from '@mui/icons-material/Add';
import {
  Box,
  Button,
  LinearProgress,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { lighten, type Theme } from '@mui/material/styles';
import { type AssignmentSortKey, type AssignmentTab, ASSIGNMENT_TEXTS as T, type TAssignment } from '@sim/shared';
import type { KeyboardEvent, ReactNode } from 'react';
import { ErrorState } from '../../../components/error-state';
import { PersonAvatar } from '../../../components/person-avatar';
import { SortableHeader } from '../../../components/sortable-header';
import type { ListState } from '../../../lib/list-state';
import {
  type AssignmentColumn,
  assignedToText,
  COLUMN_LABELS,
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
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
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

const WIDE = new Set<AssignmentColumn>(['assignment', 'notes', 'review_comments']);

/** Row backgrounds, opaque so the sticky ACTIONS column keeps the row's colour while the table scrolls. */
const toneBackground = (theme: Theme, tone: RowTone) =>
  tone === 'failed'
    ? lighten(theme.palette.error.main, 0.92)
    : tone === 'muted'
      ? theme.palette.grey[100]
      : theme.palette.background.paper;

/** ACTIONS stays in view at the right edge of a wide table (Go is what a learner comes for). */
const stickyActions = (theme: Theme, tone: RowTone) => ({
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: toneBackground(theme, tone),
  boxShadow: `inset 1px 0 0 ${theme.palette.divider}`,
});

/** The list of a tab: the spec's columns, server sorted, 10 a page, 'Showing X to Y of Z entries'. */
export function AssignmentsTable(props: AssignmentsTableProps) {
  const { tab, list, access, data, error, empty } = props;
  if (error && !data) return <ErrorState error={error} onRetry={props.onRetry} />;
  const rows = data?.assignments ?? [];
  const total = data?.total ?? 0;
  const loading = props.isLoading && !data;
  const columns = columnsFor(tab, access.seesEveryone, rows);

  const openOnKey = (event: KeyboardEvent, row: TAssignment) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      props.onOpen(row);
    }
  };

  return (
    <Box>
      <Box sx={{ height: 4 }}>{props.isFetching && !loading ? <LinearProgress /> : null}</Box>
      <TableContainer>
        <Table size="small" aria-label={tabLabel(tab)} aria-busy={loading || props.isFetching}>
          <TableHead>
            <TableRow>
              {columns.map((column) =>
                column === 'actions' ? (
                  <TableCell key={column} sx={(theme) => stickyActions(theme, 'normal')}>
                    <Box component="span" sx={{ fontWeight: 700, fontSize: 12 }}>
                      {COLUMN_LABELS.actions}
                    </Box>
                  </TableCell>
                ) : (
                  <SortableHeader
                    key={column}
                    column={column}
                    sortBy={list.sortBy}
                    order={list.order}
                    onSort={props.onSort}
                  >
                    <Box component="span" sx={{ fontWeight: 700, fontSize: 12, minWidth: 64, display: 'inline-block' }}>
                      {COLUMN_LABELS[column]}
                    </Box>
                  </SortableHeader>
                ),
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {loading
              ? Array.from({ length: 5 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                  <TableRow key={i}>
                    {columns.map((column) => (
                      <TableCell key={column}>
                        <Skeleton variant="text" />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : rows.map((row) => {
                  const tone = rowTone(row);
                  const openable = isRowOpenable(row);
                  return (
                    <TableRow
                      key={row._id}
                      hover={openable}
                      data-tone={tone}
                      tabIndex={openable ? 0 : undefined}
                      onClick={openable ? () => props.onOpen(row) : undefined}
                      onKeyDown={openable ? (event) => openOnKey(event, row) : undefined}
                      sx={(theme) => ({
                        cursor: openable ? 'pointer' : 'default',
                        ...(tone !== 'normal' && { bgcolor: toneBackground(theme, tone) }),
                        ...(tone === 'failed' && { '& > td': { color: theme.palette.error.dark } }),
                        ...(tone === 'muted' && { '& > td': { color: theme.palette.text.secondary } }),
                        '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
                      })}
                    >
                      {columns.map((column) =>
                        column === 'actions' ? (
                          <TableCell
                            key={column}
                            onClick={(event) => event.stopPropagation()}
                            onKeyDown={(event) => event.stopPropagation()}
                            sx={(theme) => stickyActions(theme, tone)}
                          >
                            <RowActionsCell
                              row={row}
                              actions={withTrackRecord(rowActions(row, tab, access), props.canTrackRecord ?? true)}
                              onOpen={props.onOpen}
                              onTrackRecord={props.onTrackRecord}
                              onInstruction={props.onInstruction}
                              onDelete={props.onDelete}
                            />
                          </TableCell>
                        ) : (
                          <TableCell
                            key={column}
                            sx={{
                              fontWeight: column === 'assignment' ? 600 : undefined,
                              whiteSpace: WIDE.has(column) ? 'normal' : 'nowrap',
                              minWidth: WIDE.has(column) ? 150 : undefined,
                              wordBreak: WIDE.has(column) ? 'break-word' : undefined,
                            }}
                          >
                            {cellOf(column, row, access.seesEveryone)}
                          </TableCell>
                        ),
                      )}
                    </TableRow>
                  );
                })}
          </TableBody>
        </Table>
      </TableContainer>
      {!loading && rows.length === 0 ? (
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
      ) : null}
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
