import { GRAPHILE_VARIANTS, type GraphileSystem, type GraphileVariant, openGraphile } from './graphile';
import { OURS_VARIANTS, type OursVariant, openOurs } from './ours';
import { openPgBoss, PGBOSS_VARIANTS } from './pgboss';
import type { QueueSystem, Role, SystemName } from './types';

const VARIANTS: Record<SystemName, readonly string[]> = {
  ours: Object.keys(OURS_VARIANTS),
  graphile: Object.keys(GRAPHILE_VARIANTS),
  pgboss: Object.keys(PGBOSS_VARIANTS),
};

/** Opens one system in one of its variants (see each module for what a variant sets). */
export function openSystem(
  system: SystemName,
  url: string,
  variant: string,
  role: Role,
): Promise<QueueSystem | GraphileSystem> {
  if (!VARIANTS[system]?.includes(variant)) throw new Error(`no variant ${variant} of ${system}`);
  if (system === 'ours') return openOurs(url, variant as OursVariant, role);
  if (system === 'graphile') return openGraphile(url, variant as GraphileVariant, role);
  return openPgBoss(url, variant, role);
}

export function canForceUnlock(sys: QueueSystem): sys is GraphileSystem {
  return 'forceUnlockHolders' in sys;
}
