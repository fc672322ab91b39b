import {
  Box,
  Chip,
  LinearProgress,
  Skeleton,
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
import {
  ASSIGNMENT_STATUS_COLORS,
  SCORE_COLUMNS,
  SCORE_TEXTS,
  type ScoreSortKey,
  SCORE_UI_TEXTS as T,
  type TScoreListResponse,
  type TScoreRow,
} from '@sim/shared';
import type { KeyboardEvent, ReactNode } from 'react';
import { ErrorState } from '../../../components/error-state';
import { SortableHeader } from '../../../components/sortable-header';
import type { SortOrder } from '../../../lib/list-state';
import { cellText, cutNotes, showingText } from '../lib/score-cells';

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

/** Assessor notes take at most two lines (cut at 90 characters, the whole text in a tooltip). */
const TWO_LINES = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  minWidth: 280,
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
  return text;
}

/**
 * The score table (section 2): every column of the spec in its order, server sorted, 10 a page with
 * 'Showing X to Y of Z entries'. It scrolls sideways inside its own frame, the header staying in view; a
 * row opens the reviewer's result view of that attempt.
 */
export function ScoreTable(props: ScoreTableProps) {
  const { data, error } = props;
  if (error && !data) return <ErrorState error={error} onRetry={props.onRetry} />;
  const rows = data?.scores ?? [];
  const total = data?.total ?? 0;
  const capped = data?.total_capped ?? false;
  const loading = props.isLoading && !data;

  const openOnKey = (event: KeyboardEvent, row: TScoreRow) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      props.onOpen(row);
    }
  };

  return (
    <Box>
      <Box sx={{ height: 4 }}>{props.isFetching && !loading ? <LinearProgress /> : null}</Box>
      <TableContainer
        tabIndex={0}
        aria-label={T.tableLabel}
        sx={{ maxHeight: 560, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
      >
        <Table size="small" stickyHeader aria-label={T.tableLabel} aria-busy={loading || props.isFetching}>
          <TableHead>
            <TableRow>
              {SCORE_COLUMNS.map((column) => (
                <SortableHeader
                  key={column.key}
                  column={column.key}
                  sortBy={props.sortBy}
                  order={props.order}
                  onSort={props.onSort}
                >
                  <Box component="span" sx={{ fontWeight: 700, fontSize: 12, whiteSpace: 'nowrap' }}>
                    {column.title}
                  </Box>
                </SortableHeader>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {loading
              ? Array.from({ length: 5 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                  <TableRow key={i}>
                    {SCORE_COLUMNS.map((column) => (
                      <TableCell key={column.key}>
                        <Skeleton variant="text" width={64} />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : rows.map((row) => (
                  <TableRow
                    key={row.response_id}
                    hover
                    tabIndex={0}
                    title={T.openResult(row.member, row.sim)}
                    onClick={() => props.onOpen(row)}
                    onKeyDown={(event) => openOnKey(event, row)}
                    sx={(theme) => ({
                      cursor: 'pointer',
                      '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
                    })}
                  >
                    {SCORE_COLUMNS.map((column) => (
                      <TableCell
                        key={column.key}
                        align={NUMERIC.has(column.key) ? 'right' : 'left'}
                        sx={{
                          fontWeight: column.key === 'sim' ? 600 : undefined,
                          whiteSpace: column.key === 'assessor_notes' ? 'normal' : 'nowrap',
                        }}
                      >
                        {cell(column.key, row)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
          </TableBody>
        </Table>
        {!loading && rows.length === 0 ? (
          <Box sx={{ py: 5, textAlign: 'center', position: 'sticky', left: 0 }}>
            <Typography color="text.secondary">{SCORE_TEXTS.noScores}</Typography>
          </Box>
        ) : null}
      </TableContainer>
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
