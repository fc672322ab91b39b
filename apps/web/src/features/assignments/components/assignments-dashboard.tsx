import AddIcon from '@mui/icons-material/Add';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { Box, Button, Card, CircularProgress, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { ASSIGNMENT_MESSAGES, SCORE_TAB, ASSIGNMENT_TEXTS as T, type TAssignment } from '@sim/shared';
import { type ComponentType, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageSpinner } from '../../../components/page-spinner';
import { PermissionTooltip } from '../../../components/permission-tooltip';
import { SearchBox } from '../../../components/search-box';
import { errorMessage } from '../../../lib/api-client';
import { useListState, usePageInRange } from '../../../lib/list-state';
import { useSession } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { useDeleteAssignment } from '../api/delete-assignment';
import { exportAssignments } from '../api/export-assignments';
import { useAssignmentCounts } from '../api/get-assignment-counts';
import { useAssignments } from '../api/get-assignments';
import { useOpenAssignment } from '../api/open-assignment';
import { emptyText, type InstructionAction, isDone } from '../lib/assignment-rules';
import {
  type DashboardTab,
  dashboardAccess,
  dashboardListConfig,
  defaultTab,
  isListTab,
  landingWaitsForCounts,
} from '../lib/dashboard-tabs';
import { returnTarget, type SimDetailTarget, targetOfRow } from '../lib/return-state';
import { AddAssignmentDialog } from './add-assignment-dialog';
import { AssignmentsTable } from './assignments-table';
import { DashboardTabsBar } from './dashboard-tabs-bar';
import { InstructionDialog } from './instruction-dialog';
import { SimDetailDialog } from './sim-detail-dialog';

/** The query keys the take-sim screen's Exit adds (learner-and-review.md section 2). */
const RETURN_KEYS = ['exit', 'type', 'assigned_to_id'];

/** The track-record dialog's props (features/results gives it through src/app). */
export interface TrackRecordDialogProps {
  assignmentId: string;
  title: string;
  onClose: () => void;
}

/** The parts of the dashboard that come from other features; src/app composes them (docs/architecture.md). */
export interface AssignmentsParts {
  /** the SCORE tab (without it the tab is not shown) */
  ScoreTab?: ComponentType;
  /** TRACK RECORD of a reviewed assignment (without it the button is not shown) */
  TrackRecordDialog?: ComponentType<TrackRecordDialogProps>;
}

type Open =
  | { kind: 'add' }
  | { kind: 'trackRecord'; row: TAssignment }
  | { kind: 'instruction'; row: TAssignment; action: InstructionAction }
  | { kind: 'delete' }
  | { kind: 'sim'; target: SimDetailTarget };

/**
 * The assignments area of /dashboard (learner-and-review.md section 2, DECISIONS.md §6): tabs by permission
 * with their counts, search, ADD ASSIGNMENT, the Excel export, the list, and its dialogs. Tab, page, sort
 * and search live in the URL. Coming back from the take-sim screen with an assignment in the navigation
 * state reopens its sim detail dialog.
 */
export function AssignmentsDashboard({ parts = {} }: { parts?: AssignmentsParts } = {}) {
  const { ScoreTab, TrackRecordDialog } = parts;
  const { user, permissions, query: session } = useSession();
  const access = useMemo(() => {
    const byPermission = dashboardAccess(permissions);
    return ScoreTab ? byPermission : { ...byPermission, tabs: byPermission.tabs.filter((t) => t !== SCORE_TAB) };
  }, [permissions, ScoreTab]);
  const tabsKey = access.tabs.join(',');
  const counts = useAssignmentCounts();
  // a reviewer with nothing of their own lands on Pending Review (issue 31): a bare /dashboard waits for
  // the counts before it lists anything
  const [searchParams, setSearchParams] = useSearchParams();
  const bare = !searchParams.get('tab');
  const waiting = bare && landingWaitsForCounts(access.tabs) && !counts.data && !counts.isError;
  const landing = counts.data ? defaultTab(access.tabs, counts.data) : '';
  const config = useMemo(() => dashboardListConfig(tabsKey, landing), [tabsKey, landing]);
  const list = useListState(config);
  const { state } = list;
  const tab = state.filters.tab as DashboardTab | '';
  const listTab = waiting ? null : isListTab(tab) ? tab : null;
  const hasTabs = access.tabs.length > 0;

  const query = useAssignments(
    {
      skip: list.skip,
      limit: state.limit,
      textSearch: state.textSearch,
      tab: listTab ?? 'MY_ASSIGNMENT',
      my_assignment: listTab === 'MY_ASSIGNMENT' ? true : undefined,
      orderBy: state.sortBy,
      order: state.order,
    },
    listTab !== null,
  );
  usePageInRange(list, query.isFetching || !listTab ? undefined : query.data?.total);

  const toast = useToast();
  const [open, setOpen] = useState<Open | null>(null);
  /** the row of the delete question (kept while the dialog closes) */
  const [deleteRow, setDeleteRow] = useState<TAssignment | null>(null);
  const [exporting, setExporting] = useState(false);
  const deleteAssignment = useDeleteAssignment();
  const { mutate: markOpened } = useOpenAssignment();

  // back from the take-sim screen (Exit, Re-take): the assignment's dialog again, once per history entry
  const location = useLocation();
  const handledKey = useRef<string | null>(null);
  const userId = user?._id ?? null;
  useEffect(() => {
    if (handledKey.current === location.key || !userId) return;
    handledKey.current = location.key;
    const target = returnTarget(location.state, userId);
    if (target) setOpen({ kind: 'sim', target });
    // the take-sim screen's return keys (exit, type, assigned_to_id) have done their work
    const params = new URLSearchParams(location.search);
    if (params.has('exit')) {
      for (const key of RETURN_KEYS) params.delete(key);
      setSearchParams(params, { replace: true });
    }
  }, [location.key, location.state, location.search, userId, setSearchParams]);

  const openRow = (row: TAssignment) => {
    setOpen({ kind: 'sim', target: targetOfRow(row) });
    // opening one's own done assignment clears its unopened badge
    if (row.is_mine && isDone(row)) markOpened(row._id);
  };

  const confirmDelete = async (row: TAssignment) => {
    try {
      const answer = await deleteAssignment.mutateAsync(row._id);
      toast.show('success', answer.message || ASSIGNMENT_MESSAGES.deleted);
    } catch (error) {
      toast.show('error', errorMessage(error));
    } finally {
      setOpen(null);
    }
  };

  const exportTab = async () => {
    if (!listTab) return;
    setExporting(true);
    toast.clear();
    try {
      await exportAssignments(listTab, state.textSearch);
    } catch (error) {
      toast.show('error', `${T.exportFailed} ${errorMessage(error)}`);
    } finally {
      setExporting(false);
    }
  };

  if ((!session.data && session.isPending) || waiting) return <PageSpinner />;

  if (!hasTabs)
    return (
      <Card variant="outlined">
        <Stack spacing={1} sx={{ py: 8, px: 3, alignItems: 'center', textAlign: 'center' }}>
          <LockOutlined color="disabled" sx={{ fontSize: 48 }} />
          <Typography color="text.secondary">{ASSIGNMENT_MESSAGES.noPermission}</Typography>
        </Stack>
      </Card>
    );

  const addButton = access.learner ? null : (
    <PermissionTooltip allowed={access.canCreate} title={ASSIGNMENT_MESSAGES.noCreateAssignment}>
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        disabled={!access.canCreate}
        onClick={() => setOpen({ kind: 'add' })}
      >
        {T.addAssignment}
      </Button>
    </PermissionTooltip>
  );

  return (
    <Card variant="outlined">
      <DashboardTabsBar
        tabs={access.tabs}
        value={tab || access.tabs[0]}
        counts={counts.data}
        onChange={(next) => list.setFilter('tab', next)}
      />
      <Box id="assignments-tabpanel" role="tabpanel" aria-labelledby={`assignments-tab-${tab}`} sx={{ p: 2 }}>
        {listTab ? (
          <Stack spacing={2}>
            <Stack
              direction="row"
              spacing={2}
              sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
            >
              <SearchBox value={state.textSearch} label={T.searchLabel} onSearch={list.search} />
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                {access.learner ? null : (
                  <Tooltip title={T.exportExcel}>
                    <span style={{ display: 'inline-flex' }}>
                      <IconButton aria-label={T.exportExcel} onClick={() => void exportTab()} disabled={exporting}>
                        {exporting ? <CircularProgress size={20} /> : <FileDownloadOutlined />}
                      </IconButton>
                    </span>
                  </Tooltip>
                )}
                {addButton}
              </Stack>
            </Stack>
            <AssignmentsTable
              tab={listTab}
              list={state}
              access={access}
              data={query.data}
              isLoading={query.isPending}
              isFetching={query.isFetching}
              error={query.error}
              empty={emptyText(listTab, state.textSearch, access)}
              onRetry={() => void query.refetch()}
              onSort={list.sort}
              onPage={list.setPage}
              onOpen={openRow}
              onTrackRecord={(row) => setOpen({ kind: 'trackRecord', row })}
              canTrackRecord={TrackRecordDialog !== undefined}
              onInstruction={(row, action) => setOpen({ kind: 'instruction', row, action })}
              onDelete={(row) => {
                setDeleteRow(row);
                setOpen({ kind: 'delete' });
              }}
              onAdd={() => setOpen({ kind: 'add' })}
            />
          </Stack>
        ) : ScoreTab ? (
          <ScoreTab />
        ) : null}
      </Box>

      {open?.kind === 'add' ? (
        <AddAssignmentDialog
          onClose={() => setOpen(null)}
          onAdded={(message) => {
            setOpen(null);
            toast.show('success', message);
          }}
        />
      ) : null}
      {open?.kind === 'instruction' ? (
        <InstructionDialog
          row={open.row}
          mode={open.action.mode}
          deniedText={open.action.deniedText}
          showDeniedUpdate={!access.learner}
          onClose={() => setOpen(null)}
          onSaved={(message) => {
            setOpen(null);
            toast.show('success', message || ASSIGNMENT_MESSAGES.notesSaved);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={open?.kind === 'delete'}
        title={T.deleteTitle}
        message={deleteRow ? T.deleteMessage(deleteRow.assignment, deleteRow.assigned_to) : ''}
        confirmLabel={T.deleteConfirm}
        busy={deleteAssignment.isPending}
        onCancel={() => setOpen(null)}
        onConfirm={() => {
          if (deleteRow) void confirmDelete(deleteRow);
        }}
      />
      {open?.kind === 'trackRecord' && TrackRecordDialog ? (
        <TrackRecordDialog
          assignmentId={open.row.assignment_id || open.row._id}
          title={open.row.assignment}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'sim' ? (
        <SimDetailDialog target={open.target} currentUserId={user?._id ?? null} onClose={() => setOpen(null)} />
      ) : null}
    </Card>
  );
}
