import { Box, Button, Step, StepButton, StepLabel, Stepper } from '@mui/material';
import {
  BUILDER_TUTORIAL,
  BUILDER_VIEW_PARAM,
  SIM_BUILDER_TEXTS as T,
  type TProduct,
  BUILDER_VIEW_TEXTS as V,
} from '@sim/shared';
import { type ComponentType, type ReactNode, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { PageSpinner } from '../../../components/page-spinner';
import { usePermissions } from '../../../lib/session';
import { useProducts } from '../../../lib/sim-queries';
import { type TBuilderSim, useBuilderSim } from '../api/sim-builder-api';
import { type BuilderAccess, builderAccess } from '../lib/builder-access';
import { startStep, visibleSteps } from '../lib/wizard';
import { AvatarsStep } from './avatars-step';
import { BasicInfoStep } from './basic-info-step';
import { ReadOnlyFrame } from './read-only-frame';
import { TutorialDialog } from './tutorial-dialog';
import { ViewBanner } from './view-banner';

export type { BuilderAccess } from '../lib/builder-access';

/** The builder of a sim: to edit it, or (`view`) to look at it read-only. */
export const simBuilderUrl = (simId: string, view = false) =>
  `/sims/createsim?simId=${encodeURIComponent(simId)}${view ? `&${BUILDER_VIEW_PARAM}=1` : ''}`;

/** The props the builder gives the Create Levels step (features/sim-levels). */
export interface LevelsStepProps {
  simId: string;
  sim: TBuilderSim | null;
  productType: string;
  hasDataInput: boolean;
  /** read-only (VIEW SIM): every control disabled with `access.reason`, nothing saved */
  access: BuilderAccess;
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

/**
 * The builder wizard (authoring.md section 2; step order of DECISIONS.md section 3). It is read-only (VIEW
 * SIM) when opened to view, or by a user without sim_list update, whom a plain ?simId= link sends to the
 * view; a user without sim_list create cannot start a new sim.
 */
export function SimBuilderPage({ simId, steps }: { simId: string | null; steps: BuilderSteps }) {
  const products = useProducts();
  const sim = useBuilderSim(simId);
  const { can } = usePermissions();
  const [params] = useSearchParams();
  const view = simId !== null && params.get(BUILDER_VIEW_PARAM) === '1';
  const access = builderAccess({ view, canUpdate: can('sim_list', 'update'), canCreate: can('sim_list', 'create') });

  if (simId === null && !access.canCreate) return <Navigate to="/sims" replace />;
  if (simId !== null && !access.canUpdate && !view) return <Navigate to={simBuilderUrl(simId, true)} replace />;
  if (products.isPending || (simId !== null && sim.isPending)) return <PageSpinner />;
  if (products.isError) return <ErrorState error={products.error} onRetry={() => void products.refetch()} />;
  if (simId !== null && sim.isError) return <ErrorState error={sim.error} onRetry={() => void sim.refetch()} />;
  return (
    <SimWizard
      simId={simId}
      sim={simId !== null ? (sim.data ?? null) : null}
      products={products.data}
      steps={steps}
      access={access}
    />
  );
}

interface SimWizardProps {
  simId: string | null;
  sim: TBuilderSim | null;
  products: TProduct[];
  steps: BuilderSteps;
  access: BuilderAccess;
}

function SimWizard({ simId, sim, products, steps: { CreateLevelsStep, DataInputStep }, access }: SimWizardProps) {
  const navigate = useNavigate();
  /** the product picked on Basic Information decides whether Data Input is shown */
  const [productId, setProductId] = useState(sim?.product_id || products[0]?._id || '');
  const productType = products.find((p) => p._id === productId)?.type ?? sim?.product_type ?? '';
  const steps = visibleSteps(productType);
  const [step, setStep] = useState<number | null>(() => (sim ? startStep(sim.activeStep, steps) : 0));
  const [tutorial, setTutorial] = useState(false);

  if (step === null) return <Navigate to="/sims" replace />;
  const { readOnly } = access;
  const frame = (children: ReactNode, back: number, next: () => void, nextLabel?: string) => (
    <ReadOnlyFrame reason={access.reason} onBack={() => setStep(back)} onNext={next} nextLabel={nextLabel}>
      {children}
    </ReadOnlyFrame>
  );

  return (
    <Box>
      <Box role="group" aria-label={T.stepper} sx={{ mb: 3 }}>
        {/* viewing, the steps open in any order (nothing is saved on the way) */}
        <Stepper activeStep={step} alternativeLabel nonLinear={readOnly}>
          {steps.map((label, i) => (
            <Step key={label} completed={readOnly ? false : undefined}>
              {readOnly ? (
                <StepButton onClick={() => setStep(i)} aria-label={V.openStep(label)}>
                  {label}
                </StepButton>
              ) : (
                <StepLabel>{label}</StepLabel>
              )}
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
      {readOnly && simId !== null && <ViewBanner simId={simId} access={access} />}
      <TutorialDialog open={tutorial} video={sim?.tutorial_video} onClose={() => setTutorial(false)} />
      {step === 0 && (
        <BasicInfoStep
          simId={simId}
          sim={sim}
          products={products}
          readOnly={readOnly ? access.reason : null}
          onProductChange={setProductId}
          onNext={() => setStep(1)}
        />
      )}
      {step === 1 &&
        simId !== null &&
        (readOnly ? (
          frame(<AvatarsStep simId={simId} onBack={() => setStep(0)} onNext={() => setStep(2)} />, 0, () => setStep(2))
        ) : (
          <AvatarsStep simId={simId} onBack={() => setStep(0)} onNext={() => setStep(2)} />
        ))}
      {step === 2 && simId !== null && (
        <CreateLevelsStep
          simId={simId}
          sim={sim}
          productType={productType}
          hasDataInput={steps.length > 3}
          access={access}
          onBack={() => setStep(1)}
          onNext={() => setStep(3)}
        />
      )}
      {step === 3 &&
        simId !== null &&
        (readOnly ? (
          frame(
            <DataInputStep simId={simId} sim={sim} onBack={() => setStep(2)} />,
            2,
            () => void navigate('/sims'),
            V.close,
          )
        ) : (
          <DataInputStep simId={simId} sim={sim} onBack={() => setStep(2)} />
        ))}
    </Box>
  );
}
