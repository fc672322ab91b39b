import { Box, Tab, Tabs } from '@mui/material';
import { ADMIN_LIMITS, ADMIN_TEXTS } from '@sim/shared';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { EmployeeListTab } from '../../features/employees/components/employee-list-tab';
import { GroupsTab } from '../../features/groups/components/groups-tab';
import type { GroupDraft } from '../../features/groups/lib/group-form';
import { NotificationsTab } from '../../features/notifications/components/notifications-tab';
import { PermissionsTab } from '../../features/permission-matrix/components/permissions-tab';
import { RolesTab } from '../../features/roles/components/roles-tab';
import { usePermissions } from '../../lib/session';
import { tabFromSearch, visibleTabs } from '../admin-tabs';

const T = ADMIN_LIMITS.tabs;

/**
 * /admin: the tabs the user may see, the chosen one kept in the URL (?tab=3) so a reload keeps it. A
 * group in the navigation state ({ group: {...} }, `{}` for a new one) opens the group editor.
 */
export function AdminPage() {
  const { permissions } = usePermissions();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const tabs = visibleTabs(permissions);
  const stateGroup = (location.state as { group?: GroupDraft } | null)?.group ?? null;
  const groupsVisible = tabs.some((t) => t.value === T.groups);
  const [initialGroup] = useState<GroupDraft | null>(groupsVisible ? stateGroup : null);
  const current = stateGroup && groupsVisible ? T.groups : tabFromSearch(params.get('tab'), permissions);

  // the navigation state is used once: the URL takes over (a reload shows the list, not the editor)
  useEffect(() => {
    if (stateGroup && groupsVisible) navigate({ search: `?tab=${T.groups}` }, { replace: true, state: null });
  }, [stateGroup, groupsVisible, navigate]);

  const panels: Record<number, ReactNode> = {
    [T.employeeList]: <EmployeeListTab />,
    [T.groups]: <GroupsTab initialGroup={initialGroup} />,
    [T.permissions]: <PermissionsTab />,
    [T.roles]: <RolesTab />,
    [T.notifications]: <NotificationsTab />,
  };

  return (
    <Box>
      <Tabs
        value={current}
        onChange={(_, value: number) => setParams({ tab: String(value) })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={ADMIN_TEXTS.adminTabsLabel}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((t) => (
          <Tab
            key={t.value}
            value={t.value}
            label={t.label}
            id={`admin-tab-${t.value}`}
            aria-controls="admin-tabpanel"
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="admin-tabpanel" aria-labelledby={`admin-tab-${current}`}>
        {panels[current]}
      </Box>
    </Box>
  );
}
