import { hasPermission } from '@sim/shared';
import { ComingSoonPage } from '../../../app/routes/coming-soon-page';
import { useSession } from '../../../lib/session';
import { SimListPage } from './sim-list-page';

/**
 * /sims: the sim list for those who hold sim_list view; learners keep the placeholder until their own sims
 * page is built (a later issue).
 */
export function SimsRoute() {
  const { permissions } = useSession();
  if (!hasPermission(permissions, 'sim_list', 'view')) return <ComingSoonPage />;
  return <SimListPage />;
}
