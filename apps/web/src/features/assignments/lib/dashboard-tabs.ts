import {
  ASSIGNMENT_COUNT_CAP,
  ASSIGNMENT_LIMITS,
  ASSIGNMENT_SORT_KEYS,
  ASSIGNMENT_TAB_LABELS,
  ASSIGNMENT_TEXTS,
  type AssignmentSortKey,
  type AssignmentTab,
  hasPermission,
  isLearnerAccess,
  type PermissionType,
  SCORE_TAB,
  showingEntriesText,
  type TAssignmentCountResponse,
  type TaskName,
} from '@sim/shared';
import { type ListConfig, listConfig } from '../../../lib/list-state';

export type DashboardTab = AssignmentTab | typeof SCORE_TAB;

/** What the dashboard shows a user, from their effective permissions (the server decides again). */
export interface DashboardAccess {
  /** the tabs, in the spec's order; empty: the no-permission text */
  tabs: DashboardTab[];
  /** a learner ("agent"): no ADD ASSIGNMENT, export or SCORE */
  learner: boolean;
  /** all_assignments view: sees every member's rows (the spec's "admin and account owner" column rule) */
  seesEveryone: boolean;
  canReview: boolean;
  canCreate: boolean;
  canDelete: boolean;
  canCreateNotes: boolean;
  canUpdateNotes: boolean;
}

/**
 * Tabs by permission (learner-and-review.md section 6): All Assignment with all_assignments view; My
 * Assignments with assignment view; Completed with either; Pending Review with review_assignments view;
 * SCORE for accounts that are not a learner's and hold all_assignments view (the score routes' permission:
 * the table covers every member of the company).
 */
export function dashboardAccess(permissions: ReadonlySet<string>): DashboardAccess {
  const can = (task: TaskName, type: PermissionType) => hasPermission(permissions, task, type);
  const all = can('all_assignments', 'view');
  const own = can('assignment', 'view');
  const review = can('review_assignments', 'view');
  const learner = isLearnerAccess(permissions);
  const tabs: DashboardTab[] = [];
  if (all) tabs.push('All_ASSIGNMENT');
  if (own) tabs.push('MY_ASSIGNMENT');
  if (own || all) tabs.push('COMPLETED');
  if (review) tabs.push('PENDING_REVIEW');
  if (all && !learner) tabs.push(SCORE_TAB);
  return {
    tabs,
    learner,
    seesEveryone: all,
    canReview: review,
    canCreate: can('assignment', 'create'),
    canDelete: can('assignment', 'delete'),
    canCreateNotes: can('notes_to_user', 'create'),
    canUpdateNotes: can('notes_to_user', 'update'),
  };
}

/**
 * The tab a bare /dashboard opens: My Assignments (what a learner comes for), else the first one; a reviewer
 * with nothing of their own (My Assignments counts 0) lands on Pending Review, where their work waits
 * (issue 31). Without the counts yet, the choice is the one made without them.
 */
export function defaultTab(
  tabs: readonly DashboardTab[],
  counts?: Pick<TAssignmentCountResponse, 'myAssignmentCount'>,
): DashboardTab | '' {
  if (tabs.includes('PENDING_REVIEW') && counts && counts.myAssignmentCount === 0) return 'PENDING_REVIEW';
  if (tabs.includes('MY_ASSIGNMENT')) return 'MY_ASSIGNMENT';
  return tabs[0] ?? '';
}

/**
 * Whether the tab a bare /dashboard opens waits for the counts: a reviewer who also has My Assignments lands
 * on one or the other by their own count (defaultTab), so nothing is listed before it is known.
 */
export function landingWaitsForCounts(tabs: readonly DashboardTab[]): boolean {
  return tabs.includes('PENDING_REVIEW') && tabs.includes('MY_ASSIGNMENT');
}

export const isListTab = (tab: DashboardTab | ''): tab is AssignmentTab => tab !== '' && tab !== SCORE_TAB;

export function tabLabel(tab: DashboardTab): string {
  return tab === SCORE_TAB ? ASSIGNMENT_TEXTS.tabScore : ASSIGNMENT_TAB_LABELS[tab];
}

/** The count shown on a tab (none on SCORE); "1000+" where the server stopped counting (ASSIGNMENT_COUNT_CAP). */
export function tabCount(tab: DashboardTab, counts: TAssignmentCountResponse | undefined): number | string | null {
  const n = tabCountOf(tab, counts);
  return n !== null && n >= ASSIGNMENT_COUNT_CAP ? `${ASSIGNMENT_COUNT_CAP}+` : n;
}

function tabCountOf(tab: DashboardTab, counts: TAssignmentCountResponse | undefined): number | null {
  if (!counts) return null;
  switch (tab) {
    case 'All_ASSIGNMENT':
      return counts.allAssignmentCount;
    case 'MY_ASSIGNMENT':
      return counts.myAssignmentCount;
    case 'COMPLETED':
      return counts.completedAssignmentCount;
    case 'PENDING_REVIEW':
      return counts.readyForReviewCount;
    default:
      return null;
  }
}

export type DashboardListConfig = ListConfig<AssignmentSortKey, 'tab'>;

/**
 * What the dashboard keeps in the URL: ?tab=, page, sortBy, order, textSearch. Pages of 10, the newest
 * assignment first. `tabsKey` is the visible tabs joined by commas (a stable memo key); `landing`: the tab a
 * bare /dashboard opens when the counts decided it (defaultTab), else defaultTab without them.
 */
export function dashboardListConfig(tabsKey: string, landing?: DashboardTab | ''): DashboardListConfig {
  const tabs = (tabsKey ? tabsKey.split(',') : []) as DashboardTab[];
  return listConfig<AssignmentSortKey, 'tab'>({
    sortKeys: ASSIGNMENT_SORT_KEYS,
    sortBy: 'assigned_on',
    order: 'desc',
    limit: ASSIGNMENT_LIMITS.pageSize,
    limits: [ASSIGNMENT_LIMITS.pageSize],
    filters: { tab: { default: landing || defaultTab(tabs), values: tabs } },
  });
}

/** 'Showing X to Y of Z entries' (X and Y from 1; 0 to 0 when empty; Z+ when the server stopped counting). */
export const showingText = showingEntriesText;
