import { WIZARD_STEPS } from '@sim/shared';
import type { TBuilderSim } from '../../sim-builder/api/sim-builder-api';
import { LaterStep } from '../../sim-builder/components/later-step';

export interface CreateLevelsStepProps {
  simId: string;
  sim: TBuilderSim | null;
  /** the product type chosen on Basic Information (Data Input follows for Internal Data products) */
  productType: string;
  /** true when a Data Input step follows; otherwise NEXT saves and returns to /sims */
  hasDataInput: boolean;
  onBack: () => void;
  onNext: () => void;
}

/** Create Levels (authoring.md section 2). */
export function CreateLevelsStep({ onBack }: CreateLevelsStepProps) {
  return <LaterStep step={WIZARD_STEPS[2]} onBack={onBack} />;
}
