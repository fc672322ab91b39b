import AddIcon from '@mui/icons-material/Add';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { Alert, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { AUTHORING_TEXTS, EXCEL_SIM_LIST, simsApi, SIM_LIST_TEXTS as T, type TSim } from '@sim/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorState } from '../../../components/error-state';
import { PageSpinner } from '../../../components/page-spinner';
import { PermissionTooltip } from '../../../components/permission-tooltip';
import { SearchBox } from '../../../components/search-box';
import { TimedAlert, useTimedAlert } from '../../../components/timed-alert';
import { errorMessage } from '../../../lib/api-client';
import { downloadRouteFile } from '../../../lib/download';
import { useListState, usePageInRange } from '../../../lib/list-state';
import { usePermissions } from '../../../lib/session';
import { useProducts } from '../../../lib/sim-queries';
import { useSimList } from '../api/get-sims';
import { useDeleteSim, useEmptyTrash, useRecoverSim } from '../api/sim-actions';
import { ALL_PRODUCTS, isTrash, SIM_LIST } from '../lib/sim-list-state';
import { SimsTable } from './sims-table';

type Pending = { kind: 'delete'; sim: TSim } | { kind: 'restore'; sim: TSim } | { kind: 'emptyTrash' };

/** The builder; view opens it too (a read-only view is a later issue). */
export const builderUrl = (simId?: string) =>
  simId ? `/sims/createsim?simId=${encodeURIComponent(simId)}` : '/sims/createsim';

/**
 * /sims for non-agents (authoring.md section 2): 'Manage and Create Simulators', or the trash
 * ('Deleted Sims and Create Simulators'), with search, product filter, TRASH / SIMS, Empty Trash and ADD NEW SIM.
 */
export function SimListPage() {
  const navigate = useNavigate();
  const { can } = usePermissions();
  const canCreate = can('sim_list', 'create');
  const canUpdate = can('sim_list', 'update');
  const canDelete = can('sim_list', 'delete');
  const list = useListState(SIM_LIST);
  const { state } = list;
  const trash = isTrash(state);
  const products = useProducts();
  const query = useSimList(trash, {
    skip: list.skip,
    limit: state.limit,
    title: state.textSearch,
    product: state.filters.product,
    sortBy: state.sortBy,
    order: state.order,
  });
  const { alert, show, clear } = useTimedAlert();
  /** a failed action: the server's message, closable, dark red (section 8) */
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const deleteSim = useDeleteSim();
  const recoverSim = useRecoverSim();
  const emptyTrash = useEmptyTrash();
  const [exporting, setExporting] = useState(false);
  const busy = deleteSim.isPending || recoverSim.isPending || emptyTrash.isPending;

  const sims = query.data?.sims ?? [];
  const total = query.data?.total ?? 0;

  // the last row of a page went (deleted, restored), or an old link: show the last page with rows
  usePageInRange(list, query.data && !query.isFetching ? total : undefined);

  const confirm = async () => {
    if (!pending) return;
    setFailure(null);
    try {
      const answer =
        pending.kind === 'delete'
          ? await deleteSim.mutateAsync(pending.sim._id)
          : pending.kind === 'restore'
            ? await recoverSim.mutateAsync(pending.sim._id)
            : await emptyTrash.mutateAsync();
      show('success', answer.message);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setPending(null);
    }
  };

  /** the list as .xlsx: the same view, search, product and sort, every page */
  const exportList = async () => {
    setExporting(true);
    setFailure(null);
    try {
      await downloadRouteFile(
        simsApi.exportList,
        {
          query: {
            view: trash ? 'trash' : 'sims',
            title: state.textSearch,
            product: trash ? undefined : state.filters.product,
            sortBy: state.sortBy,
            order: state.order,
          },
        },
        EXCEL_SIM_LIST.fileName(trash),
      );
    } catch (error) {
      setFailure(`${EXCEL_SIM_LIST.exportFailed} ${errorMessage(error)}`);
    } finally {
      setExporting(false);
    }
  };

  const title = trash ? AUTHORING_TEXTS.trashTitle : AUTHORING_TEXTS.listTitle;
  const dialog = pending ? dialogTexts(pending) : null;

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <TimedAlert alert={alert} onClose={clear} />
      {failure ? (
        <Alert
          severity="error"
          variant="filled"
          onClose={() => setFailure(null)}
          sx={{ bgcolor: 'error.dark', color: 'error.contrastText' }}
        >
          {failure}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <SearchBox value={state.textSearch} label={T.searchLabel} onSearch={list.search} />
        {trash ? null : (
          <TextField
            select
            size="small"
            label={T.product}
            // a product of the URL shows once the products have loaded
            value={
              (products.data ?? []).some((p) => p._id === state.filters.product) ? state.filters.product : ALL_PRODUCTS
            }
            onChange={(event) => list.setFilter('product', event.target.value)}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value={ALL_PRODUCTS}>{T.allProducts}</MenuItem>
            {(products.data ?? []).map((p) => (
              <MenuItem key={p._id} value={p._id}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Stack direction="row" spacing={1} sx={{ ml: 'auto !important' }}>
          <Button
            variant="outlined"
            startIcon={<FileDownloadIcon />}
            disabled={exporting || total === 0}
            onClick={() => void exportList()}
          >
            {EXCEL_SIM_LIST.exportLabel}
          </Button>
          <Button variant="outlined" onClick={() => list.setFilter('view', trash ? 'sims' : 'trash')}>
            {trash ? T.sims : T.trash}
          </Button>
          {trash ? (
            <PermissionTooltip allowed={canDelete} title={AUTHORING_TEXTS.noPermissionDelete}>
              <Button
                variant="outlined"
                color="error"
                disabled={!canDelete || total === 0}
                onClick={() => setPending({ kind: 'emptyTrash' })}
              >
                {T.emptyTrash}
              </Button>
            </PermissionTooltip>
          ) : null}
          <PermissionTooltip allowed={canCreate} title={AUTHORING_TEXTS.noPermissionCreate}>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              disabled={!canCreate}
              onClick={() => void navigate(builderUrl())}
            >
              {T.addNewSim}
            </Button>
          </PermissionTooltip>
        </Stack>
      </Stack>
      {query.error && !query.data ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <PageSpinner />
      ) : (
        <SimsTable
          list={state}
          sims={sims}
          total={total}
          canUpdate={canUpdate}
          canDelete={canDelete}
          onSort={list.sort}
          onPage={list.setPage}
          onView={(sim) => void navigate(builderUrl(sim._id))}
          onEdit={(sim) => void navigate(builderUrl(sim._id))}
          onDelete={(sim) => setPending({ kind: 'delete', sim })}
          onRestore={(sim) => setPending({ kind: 'restore', sim })}
        />
      )}
      {dialog ? (
        <ConfirmDialog
          open
          title={dialog.title}
          message={dialog.message}
          confirmLabel={dialog.confirm}
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </Stack>
  );
}

function dialogTexts(pending: Pending) {
  switch (pending.kind) {
    case 'delete':
      return { title: T.deleteTitle, message: T.deleteMessage(pending.sim.title), confirm: T.deleteConfirm };
    case 'restore':
      return { title: T.restoreTitle, message: T.restoreMessage(pending.sim.title), confirm: T.restoreConfirm };
    case 'emptyTrash':
      return { title: T.emptyTrashTitle, message: T.emptyTrashMessage, confirm: T.emptyTrashConfirm };
  }
}
