import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import { Box, IconButton, LinearProgress, Stack, Tooltip, Typography } from '@mui/material';
import {
  ASSIGNMENT_LIMITS,
  cutText,
  HELPDESK_LIMITS,
  HELPDESK_MESSAGES as M,
  READY_FOR_REVIEW_SORT_KEYS,
  HELPDESK_TEXTS as T,
  type TAssignment,
} from '@sim/shared';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataColumn } from '../../../components/data-table/types';
import { ErrorState } from '../../../components/error-state';
import { PersonAvatar } from '../../../components/person-avatar';
import { SearchBox } from '../../../components/search-box';
import { errorMessage } from '../../../lib/api-client';
import { type ListControls, listConfig, usePageInRange } from '../../../lib/list-state';
import { useToast } from '../../../lib/toast';
import { levelToReview, useReadyForReview } from '../api/ready-for-review';
import { formatTicketDate } from '../lib/format';
import { reviewUrl } from '../lib/review-url';
import { ListPager } from './list-pager';

type ReviewSortKey = (typeof READY_FOR_REVIEW_SORT_KEYS)[number];
export const REVIEW_LIST = listConfig({
  sortKeys: READY_FOR_REVIEW_SORT_KEYS,
  sortBy: 'send_for_review_date',
  order: 'desc',
  limit: HELPDESK_LIMITS.pageSize,
  limits: [HELPDESK_LIMITS.pageSize],
});

/** On a phone's card besides the sim (its title): whose it is and when it was sent. */
const ON_CARD = new Set<ReviewSortKey>(['assigned_to', 'send_for_review_date']);

const cells = (row: TAssignment): Record<ReviewSortKey, ReactNode> => ({
  assigned_to: (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <PersonAvatar name={row.assigned_to} src={row.assigned_profile_url} />
      <span>{row.assigned_to}</span>
    </Stack>
  ),
  tool_type: row.tool_type,
  assignment: cutText(row.assignment, ASSIGNMENT_LIMITS.titleCut),
  assigned_on: formatTicketDate(row.assigned_on),
  assigned_by: row.assigned_by,
  send_for_review_date: formatTicketDate(row.send_for_review_date),
});

/**
 * Ready For Review (section 2): the assignments PENDING REVIEW, sortable by the spec's columns, 10 a page;
 * Review opens the result of the newest completed level, in the reviewer's view.
 */
export function ReadyForReviewPanel({ list }: { list: ListControls<ReviewSortKey> }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [opening, setOpening] = useState<string | null>(null);
  const { state } = list;
  const query = useReadyForReview(
    {
      tab: 'PENDING_REVIEW',
      skip: list.skip,
      limit: state.limit,
      textSearch: state.textSearch,
      orderBy: state.sortBy,
      order: state.order,
    },
    true,
  );
  usePageInRange(list, query.isFetching ? undefined : query.data?.total);
  const rows = query.data?.assignments ?? [];

  const review = async (row: TAssignment) => {
    setOpening(row._id);
    try {
      const levelId = await levelToReview(row._id);
      if (!levelId) toast.show('error', M.notFound);
      else await navigate(reviewUrl(row, levelId));
    } catch (error) {
      toast.show('error', errorMessage(error));
    } finally {
      setOpening(null);
    }
  };

  const columns: DataColumn<TAssignment>[] = [
    ...READY_FOR_REVIEW_SORT_KEYS.map((column) => ({
      id: column,
      header: T.columns[column],
      sortable: true,
      // the sim and whose it is stay in view; the other columns may be hidden with "Columns"
      show: column === 'assignment' ? ('always' as const) : ('default' as const),
      card: column === 'assignment' ? ('title' as const) : ON_CARD.has(column) ? ('field' as const) : undefined,
      wrap: column === 'assignment',
      cell: (row: TAssignment) => cells(row)[column],
    })),
    {
      id: 'actions',
      header: T.columns.actions,
      show: 'always',
      controls: true,
      card: 'actions',
      cell: (row) => (
        <Tooltip title={T.review(row.assignment)}>
          <span style={{ display: 'inline-flex' }}>
            <IconButton
              size="small"
              aria-label={T.review(row.assignment)}
              disabled={opening !== null}
              onClick={() => void review(row)}
            >
              <RateReviewOutlined fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      ),
    },
  ];

  if (query.error && !query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Stack spacing={2}>
      <SearchBox value={state.textSearch} onSearch={list.search} />
      <Box>
        {query.isFetching ? <LinearProgress /> : null}
        <DataTable<TAssignment>
          tableId="ready-for-review"
          label={T.reviewTable}
          columns={columns}
          rows={rows}
          getRowId={(row) => row._id}
          rowTitle={(row) => row.assignment}
          sort={{ by: state.sortBy, order: state.order, onSort: (c) => list.sort(c as ReviewSortKey) }}
          loading={query.isPending}
          busy={query.isFetching}
          detailsIn="actions"
        />
        {query.data && rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {M.noAssignments}
          </Typography>
        ) : null}
        <ListPager
          page={state.page}
          shown={rows.length}
          total={query.data?.total ?? 0}
          capped={query.data?.total_capped ?? false}
          onPage={list.setPage}
        />
      </Box>
    </Stack>
  );
}
