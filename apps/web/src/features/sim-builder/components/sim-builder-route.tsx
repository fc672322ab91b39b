import { isAgentRole } from '@sim/shared';
import { useSearchParams } from 'react-router';
import { ComingSoonPage } from '../../../app/routes/coming-soon-page';
import { useSession } from '../../../lib/session';
import { SimBuilderPage } from './sim-builder-page';

/**
 * /sims/createsim (?simId=… to edit): the builder for non-agents. The page is mounted afresh per sim, so
 * the first save (which puts ?simId= in the URL) reopens it on the step the server kept.
 */
export function SimBuilderRoute() {
  const { user } = useSession();
  const [searchParams] = useSearchParams();
  const simId = searchParams.get('simId');
  if (isAgentRole(user?.role)) return <ComingSoonPage />;
  return <SimBuilderPage key={simId ?? 'new'} simId={simId} />;
}
