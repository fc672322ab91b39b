import { isAgentRole } from '@sim/shared';
import { ComingSoonPage } from '../../../app/routes/coming-soon-page';
import { useSession } from '../../../lib/session';
import { SimListPage } from './sim-list-page';

/**
 * /sims: the sim list for non-agents; agents keep the placeholder until their assignments dashboard is built
 * (a later issue).
 */
export function SimsRoute() {
  const { user } = useSession();
  if (isAgentRole(user?.role)) return <ComingSoonPage />;
  return <SimListPage />;
}
