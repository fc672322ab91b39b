import { Button, Stack, Typography } from '@mui/material';
import { ADMIN_TEXTS, GROUP_SORT_KEYS } from '@sim/shared';
import { useState } from 'react';
import { SearchBox } from '../../../components/search-box';
import { listConfig, useListState, usePageInRange } from '../../../lib/list-state';
import { usePermissions } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { useGroups } from '../api/get-groups';
import type { GroupDraft } from '../lib/group-form';
import { GroupForm } from './group-form';
import { GroupsTable } from './groups-table';

/** The groups list in the URL: the newest first. */
const GROUP_LIST = listConfig({ sortKeys: GROUP_SORT_KEYS, sortBy: 'created_at', order: 'desc' });

interface GroupsTabProps {
  /** a group handed in through the navigation state of /admin: opens the editor ({} = a new group) */
  initialGroup?: GroupDraft | null;
}

/** The GROUPS tab: 'Manage Groups', search, '+ ADD NEW GROUP' (groups create), the table, the group form. */
export function GroupsTab({ initialGroup = null }: GroupsTabProps) {
  const { can } = usePermissions();
  const list = useListState(GROUP_LIST);
  const toast = useToast();
  const [editing, setEditing] = useState<GroupDraft | null>(initialGroup);
  const query = useGroups({
    skip: list.skip,
    limit: list.state.limit,
    textSearch: list.state.textSearch,
    sortBy: list.state.sortBy,
    order: list.state.order,
  });
  usePageInRange(list, query.isFetching ? undefined : query.data?.total);

  const done = (message?: string) => {
    setEditing(null);
    if (message) toast.show('success', message);
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h2">
        {ADMIN_TEXTS.manageGroups}
      </Typography>
      {editing ? (
        <GroupForm key={editing._id ?? 'new'} group={editing} onDone={done} />
      ) : (
        <>
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
            <SearchBox value={list.state.textSearch} onSearch={list.search} />
            {can('groups', 'create') ? (
              <Button variant="contained" onClick={() => setEditing({})}>
                {ADMIN_TEXTS.addNewGroup}
              </Button>
            ) : null}
          </Stack>
          <GroupsTable
            list={list.state}
            data={query.data}
            isLoading={query.isPending}
            error={query.error}
            onRetry={() => void query.refetch()}
            canEdit={can('groups', 'update')}
            onEdit={(group) => setEditing(group)}
            onSort={list.sort}
            onPage={list.setPage}
            onLimit={list.setLimit}
          />
        </>
      )}
    </Stack>
  );
}
