import { hasAnyPermission } from '@sim/shared';
import { useSearchParams } from 'react-router';
import { DataInputStep } from '../../features/data-input/components/data-input-step';
import { type BuilderSteps, SimBuilderPage } from '../../features/sim-builder/components/sim-builder-page';
import { CreateLevelsStep } from '../../features/sim-levels/components/create-levels-step';
import { useSession } from '../../lib/session';
import { ComingSoonPage } from './coming-soon-page';

/** The builder's later steps come from their own features. */
const STEPS: BuilderSteps = { CreateLevelsStep, DataInputStep };

/**
 * /sims/createsim (?simId=… to edit): the builder for those who hold a sim_list permission. The page is mounted afresh per sim, so
 * the first save (which puts ?simId= in the URL) reopens it on the step the server kept.
 */
export function SimBuilderRoute() {
  const { permissions } = useSession();
  const [searchParams] = useSearchParams();
  const simId = searchParams.get('simId');
  if (!hasAnyPermission(permissions, 'sim_list')) return <ComingSoonPage />;
  return <SimBuilderPage key={simId ?? 'new'} simId={simId} steps={STEPS} />;
}
