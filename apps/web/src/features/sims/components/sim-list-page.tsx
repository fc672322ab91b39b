import AddIcon from '@mui/icons-material/Add';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import {
  AUTHORING_TEXTS,
  EXCEL_SIM_LIST,
  simListEmpty,
  simsApi,
  SIM_LIST_TEXTS as T,
  TOAST_DURATIONS_MS,
  type TSim,
} from '@sim/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorState } from '../../../components/error-state';
import { PageSpinner } from '../../../components/page-spinner';
import { PermissionTooltip } from '../../../components/permission-tooltip';
import { SearchBox } from '../../../components/search-box';
import { errorMessage } from '../../../lib/api-client';
import { downloadRouteFile } from '../../../lib/download';
import { useListState, usePageInRange } from '../../../lib/list-state';
import { usePermissions } from '../../../lib/session';
import { useProducts } from '../../../lib/sim-queries';
import { useToast } from '../../../lib/toast';
import { useSimList } from '../api/get-sims';
import { useDeleteSim, useEmptyTrash, useRecoverSim } from '../api/sim-actions';
import { ALL_PRODUCTS, isTrash, SIM_LIST } from '../lib/sim-list-state';
import { SimsEmpty } from './sims-empty';
import { SimsTable } from './sims-table';

type Pending = { kind: 'delete'; sim: TSim } | { kind: 'restore'; sim: TSim } | { kind: 'emptyTrash' };

/** The builder: a new sim, a sim to edit, or (`view`) a sim opened read-only (VIEW SIM). */
export const builderUrl = (simId?: string, view = false) =>
  simId ? `/sims/createsim?simId=${encodeURIComponent(simId)}${view ? '&view=1' : ''}` : '/sims/createsim';

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
  /** what an action answered: the app's toast (a failure: the server's message, closable, section 8) */
  const toast = useToast();
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
    try {
      const answer =
        pending.kind === 'delete'
          ? await deleteSim.mutateAsync(pending.sim._id)
          : pending.kind === 'restore'
            ? await recoverSim.mutateAsync(pending.sim._id)
            : await emptyTrash.mutateAsync();
      const emptied = pending.kind === 'emptyTrash';
      toast.show('success', answer.message, emptied ? { durationMs: TOAST_DURATIONS_MS.emptyTrash } : undefined);
    } catch (error) {
      toast.show('error', errorMessage(error));
    } finally {
      setPending(null);
    }
  };

  /** the list as .xlsx: the same view, search, product and sort, every page */
  const exportList = async () => {
    setExporting(true);
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
      toast.show('error', `${EXCEL_SIM_LIST.exportFailed} ${errorMessage(error)}`);
    } finally {
      setExporting(false);
    }
  };

  /** the sims or the trash; what was said about the other view stays behind */
  const switchView = () => {
    toast.clear();
    list.setFilter('view', trash ? 'sims' : 'trash');
  };

  const filteredBy = trash ? undefined : (products.data ?? []).find((p) => p._id === state.filters.product);
  const empty = (
    <SimsEmpty
      kind={simListEmpty({ trash, search: state.textSearch, filtered: filteredBy !== undefined })}
      productName={filteredBy?.name ?? ''}
      onClearSearch={() => list.search('')}
      onAllProducts={() => list.setFilter('product', ALL_PRODUCTS)}
    />
  );

  const title = trash ? AUTHORING_TEXTS.trashTitle : AUTHORING_TEXTS.listTitle;
  const dialog = pending ? dialogTexts(pending) : null;

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
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
          <Button variant="outlined" onClick={switchView}>
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
          onView={(sim) => void navigate(builderUrl(sim._id, true))}
          onEdit={(sim) => void navigate(builderUrl(sim._id))}
          onDelete={(sim) => setPending({ kind: 'delete', sim })}
          onRestore={(sim) => setPending({ kind: 'restore', sim })}
          empty={empty}
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
