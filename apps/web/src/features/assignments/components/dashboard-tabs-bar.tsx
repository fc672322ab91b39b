import { Box, Tab, Tabs } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import { ASSIGNMENT_LIMITS, ASSIGNMENT_TEXTS, badgeCount, type TAssignmentCountResponse } from '@sim/shared';
import { type DashboardTab, tabCount, tabLabel } from '../lib/dashboard-tabs';

const blink = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.25; }
`;

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The red count of unopened completed assignments, blinking (at most 999). */
function UnopenedBadge({ count }: { count: number }) {
  const shown = badgeCount(count, ASSIGNMENT_LIMITS.badgeMax);
  return (
    <>
      <Box
        component="span"
        aria-hidden
        data-testid="unopened-badge"
        sx={{
          ml: 1,
          minWidth: 20,
          height: 20,
          px: 0.75,
          borderRadius: 10,
          bgcolor: 'error.main',
          color: 'error.contrastText',
          fontSize: 12,
          fontWeight: 700,
          lineHeight: '20px',
          textAlign: 'center',
          animation: `${blink} 1.2s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }}
      >
        {shown}
      </Box>
      <Box component="span" sx={visuallyHidden}>
        {`, ${ASSIGNMENT_TEXTS.unopened(shown)}`}
      </Box>
    </>
  );
}

interface DashboardTabsBarProps {
  tabs: readonly DashboardTab[];
  value: DashboardTab;
  counts: TAssignmentCountResponse | undefined;
  onChange: (tab: DashboardTab) => void;
}

/** All Assignment, My Assignments, Completed (with the unopened badge), Pending Review, SCORE. */
export function DashboardTabsBar({ tabs, value, counts, onChange }: DashboardTabsBarProps) {
  return (
    <Tabs
      value={value}
      onChange={(_, tab: DashboardTab) => onChange(tab)}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={ASSIGNMENT_TEXTS.tabsLabel}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {tabs.map((tab) => {
        const count = tabCount(tab, counts);
        const unopened = tab === 'COMPLETED' ? (counts?.unopenedCompletedAssignments ?? 0) : 0;
        return (
          <Tab
            key={tab}
            value={tab}
            id={`assignments-tab-${tab}`}
            aria-controls="assignments-tabpanel"
            sx={{ fontWeight: 600 }}
            label={
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center' }}>
                {count === null ? tabLabel(tab) : `${tabLabel(tab)} (${count})`}
                {unopened > 0 ? <UnopenedBadge count={unopened} /> : null}
              </Box>
            }
          />
        );
      })}
    </Tabs>
  );
}
