import { Box, Button, Step, StepLabel, Stepper } from '@mui/material';
import { BUILDER_TUTORIAL, SIM_BUILDER_TEXTS as T, type TProduct } from '@sim/shared';
import { type ComponentType, useState } from 'react';
import { Navigate } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { PageSpinner } from '../../../components/page-spinner';
import { useProducts } from '../../../lib/sim-queries';
import { type TBuilderSim, useBuilderSim } from '../api/sim-builder-api';
import { startStep, visibleSteps } from '../lib/wizard';
import { AvatarsStep } from './avatars-step';
import { BasicInfoStep } from './basic-info-step';
import { TutorialDialog } from './tutorial-dialog';

/** The builder wizard (authoring.md section 2; step order of DECISIONS.md section 3). */
/** The props the builder gives the Create Levels step (features/sim-levels). */
export interface LevelsStepProps {
  simId: string;
  sim: TBuilderSim | null;
  productType: string;
  hasDataInput: boolean;
  onBack: () => void;
  onNext: () => void;
}

/** The props the builder gives the Data Input step (features/data-input). */
export interface DataInputStepProps {
  simId: string;
  sim: TBuilderSim | null;
  onBack: () => void;
}

/** The steps other features own; the app's route composes them in (src/app/routes/sim-builder-route.tsx). */
export interface BuilderSteps {
  CreateLevelsStep: ComponentType<LevelsStepProps>;
  DataInputStep: ComponentType<DataInputStepProps>;
}

export function SimBuilderPage({ simId, steps }: { simId: string | null; steps: BuilderSteps }) {
  const products = useProducts();
  const sim = useBuilderSim(simId);

  if (products.isPending || (simId !== null && sim.isPending)) return <PageSpinner />;
  if (products.isError) return <ErrorState error={products.error} onRetry={() => void products.refetch()} />;
  if (simId !== null && sim.isError) return <ErrorState error={sim.error} onRetry={() => void sim.refetch()} />;
  return (
    <SimWizard simId={simId} sim={simId !== null ? (sim.data ?? null) : null} products={products.data} steps={steps} />
  );
}

interface SimWizardProps {
  simId: string | null;
  sim: TBuilderSim | null;
  products: TProduct[];
  steps: BuilderSteps;
}

function SimWizard({ simId, sim, products, steps: { CreateLevelsStep, DataInputStep } }: SimWizardProps) {
  /** the product picked on Basic Information decides whether Data Input is shown */
  const [productId, setProductId] = useState(sim?.product_id || products[0]?._id || '');
  const productType = products.find((p) => p._id === productId)?.type ?? sim?.product_type ?? '';
  const steps = visibleSteps(productType);
  const [step, setStep] = useState<number | null>(() => (sim ? startStep(sim.activeStep, steps) : 0));
  const [tutorial, setTutorial] = useState(false);

  if (step === null) return <Navigate to="/sims" replace />;

  return (
    <Box>
      <Box role="group" aria-label={T.stepper} sx={{ mb: 3 }}>
        <Stepper activeStep={step} alternativeLabel>
          {steps.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {step === 2 && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
            <Button variant="outlined" size="small" onClick={() => setTutorial(true)}>
              {BUILDER_TUTORIAL.button}
            </Button>
          </Box>
        )}
      </Box>
      <TutorialDialog open={tutorial} video={sim?.tutorial_video} onClose={() => setTutorial(false)} />
      {step === 0 && (
        <BasicInfoStep
          simId={simId}
          sim={sim}
          products={products}
          onProductChange={setProductId}
          onNext={() => setStep(1)}
        />
      )}
      {step === 1 && simId !== null && (
        <AvatarsStep simId={simId} onBack={() => setStep(0)} onNext={() => setStep(2)} />
      )}
      {step === 2 && simId !== null && (
        <CreateLevelsStep
          simId={simId}
          sim={sim}
          productType={productType}
          hasDataInput={steps.length > 3}
          onBack={() => setStep(1)}
          onNext={() => setStep(3)}
        />
      )}
      {step === 3 && simId !== null && <DataInputStep simId={simId} sim={sim} onBack={() => setStep(2)} />}
    </Box>
  );
}
