import { AssignmentFigures } from '../../features/assignments/components/assignment-figures';
import {
  AssignmentsDashboard,
  type AssignmentsParts,
} from '../../features/assignments/components/assignments-dashboard';
import { DashboardPage, type DashboardParts } from '../../features/dashboard/components/dashboard-page';
import { TrackRecordDialog } from '../../features/results/components/track-record-dialog';
import { ScoreTab } from '../../features/scores/components/score-tab';

/** The assignments area's parts: the SCORE tab from features/scores, and TRACK RECORD from features/results. */
const ASSIGNMENT_PARTS: AssignmentsParts = { ScoreTab, TrackRecordDialog };

function Assignments() {
  return <AssignmentsDashboard parts={ASSIGNMENT_PARTS} />;
}

/** The dashboard composed: the profile card with the assignment figures, and the assignments area. */
const PARTS: DashboardParts = { Assignments, ProfileFigures: AssignmentFigures };

export function DashboardRoute() {
  return <DashboardPage parts={PARTS} />;
}
