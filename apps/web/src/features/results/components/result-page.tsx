import { Alert } from '@mui/material';
import { TAKE_SIM_TEXTS } from '@sim/shared';
import { useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { PageSpinner } from '../../../components/page-spinner';
import { useAssignmentSim } from '../api/get-assignment-sim';
import { readResultParams } from '../lib/result-params';
import { ResultView } from './result-view';

/**
 * /sims/takesim with viewResult (learner-and-review.md section 2): the query assignment_id, user_id, sim_id,
 * reviewer and levelId. Without sim_id the breadcrumb Dashboard shows and the sim is read from the assignment.
 */
export function ResultPage() {
  const [search] = useSearchParams();
  const location = useLocation();
  const params = useMemo(() => readResultParams(search, location.state), [search, location.state]);
  const sim = useAssignmentSim(params?.assignmentId ?? '', params !== null && params.simId === null);
  if (!params) return <Alert severity="warning">{TAKE_SIM_TEXTS.missingParams}</Alert>;
  const simId = params.simId ?? sim.data?.sim._id ?? null;
  if (!simId) {
    if (sim.isError) return <ErrorState error={sim.error} onRetry={() => void sim.refetch()} />;
    return <PageSpinner />;
  }
  return (
    <ResultView
      target={{
        assignmentId: params.assignmentId,
        simId,
        levelId: params.levelId,
        userId: params.userId,
        responseId: null,
      }}
      reviewer={params.reviewer}
      breadcrumb={params.simId === null}
      type={params.type}
    />
  );
}
