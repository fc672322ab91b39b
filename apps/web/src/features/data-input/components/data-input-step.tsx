import { WIZARD_STEPS } from '@sim/shared';
import type { TBuilderSim } from '../../sim-builder/api/sim-builder-api';
import { LaterStep } from '../../sim-builder/components/later-step';

export interface DataInputStepProps {
  simId: string;
  sim: TBuilderSim | null;
  onBack: () => void;
}

/** Data Input for Internal Data products (authoring.md section 2). */
export function DataInputStep({ onBack }: DataInputStepProps) {
  return <LaterStep step={WIZARD_STEPS[3]} onBack={onBack} />;
}
