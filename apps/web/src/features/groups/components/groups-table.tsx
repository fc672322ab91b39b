import { Link, Stack, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { ADMIN_TEXTS, DISPLAY_DATE_FORMAT, type TGroup, type TGroupSortKey } from '@sim/shared';
import dayjs from 'dayjs';
import { ErrorState } from '../../../components/error-state';
import { PageSpinner } from '../../../components/page-spinner';
import { PagedTableFooter } from '../../../components/paged-table-footer';
import { PersonAvatar } from '../../../components/person-avatar';
import { SortableHeader } from '../../../components/sortable-header';
import { TableFrame } from '../../../components/table-frame';
import type { ListState } from '../../../lib/list-state';

const COLUMNS: { key: TGroupSortKey; label: string }[] = [
  { key: 'name', label: ADMIN_TEXTS.groupName },
  { key: 'description', label: ADMIN_TEXTS.groupDescription },
  { key: 'created_at', label: ADMIN_TEXTS.groupCreated },
  { key: 'updated_at', label: ADMIN_TEXTS.groupUpdated },
  { key: 'owner', label: ADMIN_TEXTS.groupOwner },
  { key: 'member_count', label: ADMIN_TEXTS.groupMemberCount },
  { key: 'created_by', label: ADMIN_TEXTS.groupCreatedBy },
];

export const formatDate = (iso: string) => dayjs(iso).format(DISPLAY_DATE_FORMAT);

interface GroupsTableProps {
  list: ListState<TGroupSortKey>;
  data: { groups: TGroup[]; total: number } | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  canEdit: boolean;
  onEdit: (group: TGroup) => void;
  onSort: (column: TGroupSortKey) => void;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}

/** The groups table: dates MM-DD-YYYY, owner with avatar, an Edit link only with groups update. */
export function GroupsTable({
  list,
  data,
  isLoading,
  error,
  onRetry,
  canEdit,
  onEdit,
  onSort,
  onPage,
  onLimit,
}: GroupsTableProps) {
  if (error && !data) return <ErrorState error={error} onRetry={onRetry} />;
  if (isLoading && !data) return <PageSpinner />;
  const groups = data?.groups ?? [];
  return (
    <>
      <TableFrame fitHeight={false}>
        <Table size="small" aria-label={ADMIN_TEXTS.manageGroups}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => (
                <SortableHeader key={c.key} column={c.key} sortBy={list.sortBy} order={list.order} onSort={onSort}>
                  {c.label}
                </SortableHeader>
              ))}
              {canEdit ? <TableCell>{ADMIN_TEXTS.edit}</TableCell> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {groups.map((g) => (
              <TableRow key={g._id} hover>
                <TableCell sx={{ fontWeight: 600 }}>{g.name}</TableCell>
                <TableCell sx={{ maxWidth: 280, whiteSpace: 'pre-wrap' }}>{g.description}</TableCell>
                <TableCell>{formatDate(g.created_at)}</TableCell>
                <TableCell>{formatDate(g.updated_at)}</TableCell>
                <TableCell>
                  {g.owner ? (
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <PersonAvatar name={g.owner.name} src={g.owner.profile_pic} />
                      <span>{g.owner.name}</span>
                    </Stack>
                  ) : null}
                </TableCell>
                <TableCell>{g.member_count}</TableCell>
                <TableCell>{g.created_by?.name ?? ''}</TableCell>
                {canEdit ? (
                  <TableCell>
                    <Link
                      component="button"
                      type="button"
                      onClick={() => onEdit(g)}
                      aria-label={`${ADMIN_TEXTS.edit} ${g.name}`}
                    >
                      {ADMIN_TEXTS.edit}
                    </Link>
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableFrame>
      <PagedTableFooter
        empty={groups.length === 0}
        emptyText={ADMIN_TEXTS.noGroups}
        total={data?.total ?? 0}
        page={list.page}
        limit={list.limit}
        onPage={onPage}
        onLimit={onLimit}
      />
    </>
  );
}
