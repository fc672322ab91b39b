import { AssignmentFigures } from '../../features/assignments/components/assignment-figures';
import { AssignmentsDashboard } from '../../features/assignments/components/assignments-dashboard';
import { DashboardPage, type DashboardParts } from '../../features/dashboard/components/dashboard-page';

/** The dashboard composed: the profile card with the assignment figures, and the assignments area. */
const PARTS: DashboardParts = { Assignments: AssignmentsDashboard, ProfileFigures: AssignmentFigures };

export function DashboardRoute() {
  return <DashboardPage parts={PARTS} />;
}
