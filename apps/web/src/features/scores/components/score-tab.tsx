import { Alert, Box, Stack, Typography } from '@mui/material';
import { hasPermission, SCORE_TEXTS, SCORE_UI_TEXTS as T } from '@sim/shared';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { usePageInRange } from '../../../lib/list-state';
import { useSession } from '../../../lib/session';
import { exportScores } from '../api/export-scores';
import { useScoreFilters } from '../api/get-score-filters';
import { useScoreInsights } from '../api/get-score-insights';
import { useScores } from '../api/get-scores';
import { resultUrl } from '../lib/score-cells';
import { exportQuery, filterBody, insightsQuery, listQuery } from '../lib/score-list';
import { useScoreList } from '../lib/use-score-list';
import { ScoreCharts } from './score-charts';
import { ScoreFilterPanel } from './score-filter-panel';
import { ScoreTable } from './score-table';
import { ScoreToolbar } from './score-toolbar';

/** From this width of the tab the filter panel is a left column of PANEL_WIDTH. */
const WIDE_TAB = 1000;
const PANEL_WIDTH = 250;

/**
 * The SCORE tab of the dashboard (learner-and-review.md sections 2, 3 and 9; DECISIONS.md §6): the filter
 * panel on the left; the date range, the result choice and Export Excel; the chart; the score table. The
 * filter, page and sort live in the URL. No props: it reads the session and the URL itself.
 */
export function ScoreTab() {
  const { permissions } = useSession();
  const allowed = hasPermission(permissions, 'all_assignments', 'view');
  const navigate = useNavigate();
  const { list, filter, setFilter } = useScoreList();
  const { state } = list;
  // the body of every call, the same object while the filter is unchanged (a stable query key)
  const body = useMemo(() => filterBody(filter), [filter]);

  const options = useScoreFilters(filter.product, allowed);
  const scores = useScores(listQuery(state), body, allowed);
  const insights = useScoreInsights(insightsQuery(state), body, allowed);
  usePageInRange(list, scores.isFetching ? undefined : scores.data?.total);

  const [exporting, setExporting] = useState(false);
  const [exportedBytes, setExportedBytes] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);

  const exportExcel = async () => {
    setExporting(true);
    setExportedBytes(0);
    setFailure(null);
    try {
      await exportScores(exportQuery(state), body, setExportedBytes);
    } catch (error) {
      setFailure(`${T.exportFailed} ${errorMessage(error)}`);
    } finally {
      setExporting(false);
    }
  };

  if (!allowed)
    return (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
        {SCORE_TEXTS.noPermission}
      </Typography>
    );

  // the panel sits on the left when the tab is wide (a container query: the dashboard's column is narrower
  // than the window), above the chart otherwise
  return (
    <Box sx={{ containerType: 'inline-size' }}>
      <Box
        sx={(theme) => ({
          display: 'flex',
          flexDirection: 'column',
          gap: 3,
          [theme.containerQueries.up(WIDE_TAB)]: { flexDirection: 'row', alignItems: 'flex-start' },
        })}
      >
        <Box
          sx={(theme) => ({
            width: '100%',
            flexShrink: 0,
            [theme.containerQueries.up(WIDE_TAB)]: { width: PANEL_WIDTH },
          })}
        >
          <ScoreFilterPanel
            filter={filter}
            options={options.data}
            isLoading={options.isPending}
            error={options.error}
            onRetry={() => void options.refetch()}
            onChange={setFilter}
          />
        </Box>
        <Stack spacing={2} sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          <ScoreToolbar
            range={{ startDate: filter.startDate, endDate: filter.endDate }}
            result={filter.result}
            exporting={exporting}
            exportedBytes={exportedBytes}
            onRange={(range) => setFilter(range)}
            onResult={(result) => setFilter({ result })}
            onExport={() => void exportExcel()}
          />
          {failure ? (
            <Alert severity="error" onClose={() => setFailure(null)}>
              {failure}
            </Alert>
          ) : null}
          <ScoreCharts
            data={insights.data}
            isLoading={insights.isPending}
            error={insights.error}
            onRetry={() => void insights.refetch()}
          />
          <ScoreTable
            data={scores.data}
            page={state.page}
            limit={state.limit}
            sortBy={state.sortBy}
            order={state.order}
            isLoading={scores.isPending}
            isFetching={scores.isFetching}
            error={scores.error}
            onRetry={() => void scores.refetch()}
            onSort={list.sort}
            onPage={list.setPage}
            onOpen={(row) => navigate(resultUrl(row))}
          />
        </Stack>
      </Box>
    </Box>
  );
}
