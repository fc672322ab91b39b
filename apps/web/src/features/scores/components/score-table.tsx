import { Box, Chip, LinearProgress, TablePagination, Tooltip, Typography } from '@mui/material';
import {
  ASSIGNMENT_STATUS_COLORS,
  SCORE_COLUMNS,
  SCORE_TEXTS,
  type ScoreSortKey,
  SCORE_UI_TEXTS as T,
  type TScoreListResponse,
  type TScoreRow,
} from '@sim/shared';
import type { ReactNode } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataColumn } from '../../../components/data-table/types';
import { ErrorState } from '../../../components/error-state';
import type { SortOrder } from '../../../lib/list-state';
import { cellText, cutNotes, scoreColumnShow, showingText } from '../lib/score-cells';

interface ScoreTableProps {
  data: TScoreListResponse | undefined;
  page: number;
  limit: number;
  sortBy: ScoreSortKey;
  order: SortOrder;
  isLoading: boolean;
  isFetching: boolean;
  error: unknown;
  onRetry: () => void;
  onSort: (column: ScoreSortKey) => void;
  onPage: (page: number) => void;
  onOpen: (row: TScoreRow) => void;
}

/** Figures and times read best right-aligned. */
const NUMERIC = new Set<ScoreSortKey>([
  'keywordAccuracy',
  'data_selection',
  'typing_accuracy',
  'overall_percentage',
  'total_seconds',
  'wrapSeconds',
]);

/** The columns a phone's card shows (the sim is its title). */
const ON_CARD = new Set<ScoreSortKey>(['level', 'member', 'overall_percentage', 'review_status']);

/** Assessor notes take at most two lines (cut at 90 characters, the whole text in a tooltip). */
const TWO_LINES = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  minWidth: 200,
} as const;

function cell(column: ScoreSortKey, row: TScoreRow): ReactNode {
  const text = cellText(column, row);
  if (column === 'review_status' && text !== SCORE_TEXTS.noValue)
    return <Chip size="small" label={text} color={ASSIGNMENT_STATUS_COLORS[row.status]} sx={{ fontWeight: 600 }} />;
  if (column === 'assessor_notes' && text !== SCORE_TEXTS.noValue) {
    const cut = cutNotes(text);
    const shown = <Box sx={TWO_LINES}>{cut}</Box>;
    return cut === text ? shown : <Tooltip title={<Box sx={{ whiteSpace: 'pre-wrap' }}>{text}</Box>}>{shown}</Tooltip>;
  }
  if (column === 'sim') return <Box sx={{ fontWeight: 600 }}>{text}</Box>;
  return text;
}

const COLUMNS: DataColumn<TScoreRow>[] = SCORE_COLUMNS.map(({ key, title }) => ({
  id: key,
  header: title,
  sortable: true,
  show: scoreColumnShow(key),
  card: key === 'sim' ? 'title' : ON_CARD.has(key) ? 'field' : undefined,
  align: NUMERIC.has(key) ? 'right' : 'left',
  wrap: key === 'sim' || key === 'level' || key === 'member' || key === 'assessor_notes',
  cell: (row) => cell(key, row),
  // the row's details show the assessor's notes whole
  detail: key === 'assessor_notes' ? (row) => cellText(key, row) : undefined,
}));

/**
 * The score table (section 2): the spec's columns in their order, server sorted, 10 a page with 'Showing X
 * to Y of Z entries'. Issue 31: six columns at first, the other ten in each row's details or shown with
 * "Columns" (kept per browser); a card per row on a phone. A row opens the reviewer's result view of that
 * attempt.
 */
export function ScoreTable(props: ScoreTableProps) {
  const { data, error } = props;
  if (error && !data) return <ErrorState error={error} onRetry={props.onRetry} />;
  const rows = data?.scores ?? [];
  const total = data?.total ?? 0;
  const capped = data?.total_capped ?? false;
  const loading = props.isLoading && !data;

  return (
    <Box>
      <Box sx={{ height: 4 }}>{props.isFetching && !loading ? <LinearProgress /> : null}</Box>
      <DataTable<TScoreRow>
        tableId="scores"
        label={T.tableLabel}
        columns={COLUMNS}
        rows={rows}
        getRowId={(row) => row.response_id}
        rowTitle={(row) => `${row.sim}, ${row.member}`}
        sort={{ by: props.sortBy, order: props.order, onSort: (column) => props.onSort(column as ScoreSortKey) }}
        loading={loading}
        busy={props.isFetching}
        rowOptions={(row) => ({ onOpen: () => props.onOpen(row), title: T.openResult(row.member, row.sim) })}
        wrapHeaders
        empty={
          <Box sx={{ py: 5, textAlign: 'center' }}>
            <Typography color="text.secondary">{SCORE_TEXTS.noScores}</Typography>
          </Box>
        }
      />
      <TablePagination
        component="div"
        count={total}
        page={Math.min(props.page, Math.max(0, Math.ceil(total / props.limit) - 1))}
        rowsPerPage={props.limit}
        rowsPerPageOptions={[]}
        labelDisplayedRows={() => showingText(props.page, props.limit, rows.length, total, capped)}
        onPageChange={(_, page) => props.onPage(page)}
      />
    </Box>
  );
}
