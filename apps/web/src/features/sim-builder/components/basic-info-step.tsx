import {
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Grid,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import {
  CALL_TYPES,
  AUTHORING_LIMITS as L,
  AUTHORING_MESSAGES as M,
  maxLevelsOf,
  SIM_TYPES,
  simTypeOfProduct,
  SIM_BUILDER_TEXTS as T,
  type TProduct,
} from '@sim/shared';
import { type FormEvent, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { FormCheckbox } from '../../../components/form/checkbox-field';
import { useZodForm } from '../../../components/form/form';
import { FormSelect } from '../../../components/form/select-field';
import { FormTextField } from '../../../components/form/text-field';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { type TBuilderSim, useSaveBasicInfo } from '../api/sim-builder-api';
import { type BasicInfoValues, basicInfoDefaults, canSaveBasicInfo, toBasicInfoRequest } from '../lib/wizard';
import { HotLinksInput } from './uploads/hot-links-input';
import { UploadsSection } from './uploads/uploads-section';

const ZBasicInfoForm = z.object({
  title: z.string().trim().min(1, M.titleRequired).max(L.titleMax),
  description: z.string().trim().min(1, M.descriptionRequired).max(L.descriptionMax),
  brief_description: z.string().max(L.briefDescriptionMax),
  admin_note: z.string().max(L.adminNoteMax),
  product_id: z.string(),
  call_type: z.string(),
  auto_populate: z.boolean(),
  real_time_feedback: z.boolean(),
  natural_lenguage: z.boolean(),
  draft: z.boolean(),
}) satisfies z.ZodType<BasicInfoValues>;

type FlagName = 'auto_populate' | 'real_time_feedback' | 'natural_lenguage' | 'draft';

const FEATURES: { name: FlagName; label: string }[] = [
  { name: 'auto_populate', label: T.autoPopulate },
  { name: 'real_time_feedback', label: T.realTimeFeedback },
  { name: 'natural_lenguage', label: T.naturalLanguage },
];

interface BasicInfoStepProps {
  simId: string | null;
  sim: TBuilderSim | null;
  products: TProduct[];
  /** the read-only builder (VIEW SIM): why nothing can be changed; NEXT then only moves on */
  readOnly?: string | null;
  onProductChange: (productId: string) => void;
  onNext: () => void;
}

/** Step 0, Basic Information (authoring.md sections 2 and 5). */
export function BasicInfoStep({ simId, sim, products, readOnly = null, onProductChange, onNext }: BasicInfoStepProps) {
  const locked = readOnly !== null;
  const navigate = useNavigate();
  const defaults = basicInfoDefaults(sim, products);
  const { control, handleSubmit, getValues } = useZodForm(ZBasicInfoForm, {
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const [title, description, productId] = useWatch({ control, name: ['title', 'description', 'product_id'] });
  const save = useSaveBasicInfo();
  const toast = useToast();
  /** a refused save: the server's reason, in the app's toast; the page stays */
  const failed = (error: unknown) => toast.show('error', errorMessage(error));
  const blurSave = useSaveBasicInfo();
  /** the URL link tags (hot_links), saved with the sim */
  const [links, setLinks] = useState<string[]>(sim?.hot_links ?? []);
  const snapshotOf = (values: BasicInfoValues, hotLinks: string[]) => JSON.stringify({ values, hotLinks });
  /** the values last saved, so that a blur without a change sends nothing */
  const lastSaved = useRef(snapshotOf(defaults, links));
  const request = (values: BasicInfoValues, id: string | null, hotLinks: string[], activeStep?: number) => ({
    ...toBasicInfoRequest(values, sim, id, activeStep),
    hot_links: hotLinks,
  });

  const product = products.find((p) => p._id === productId);
  const simType = product ? simTypeOfProduct(product.name) : (sim?.sim_type ?? null);
  const canNext = canSaveBasicInfo({ title, description });

  /** Save-on-blur (section 5): once the sim exists, and only with a title (and the description the server needs). */
  const saveOnBlur = (hotLinks: string[] = links) => {
    const values = getValues();
    if (locked || simId === null || !canSaveBasicInfo(values)) return;
    const snapshot = snapshotOf(values, hotLinks);
    if (snapshot === lastSaved.current) return;
    lastSaved.current = snapshot;
    blurSave.mutate(request(values, simId, hotLinks), { onError: failed });
  };

  /** A link added or removed is saved at once once the sim exists (else with the first save). */
  const changeLinks = (next: string[]) => {
    setLinks(next);
    saveOnBlur(next);
  };

  /** A new sim saved from the uploads hint: it stays on Basic Information, now with an id for its files. */
  const saveFirst = handleSubmit((values) => {
    save.mutate(request(values, null, links), {
      onError: failed,
      onSuccess: (response) => {
        lastSaved.current = snapshotOf(values, links);
        void navigate(`/sims/createsim?simId=${encodeURIComponent(response.sim_id)}`, { replace: true });
      },
    });
  });

  const submit = handleSubmit((values) => {
    save.mutate(request(values, simId, links, 1), {
      onError: failed,
      onSuccess: (response) => {
        lastSaved.current = snapshotOf(values, links);
        if (simId === null)
          void navigate(`/sims/createsim?simId=${encodeURIComponent(response.sim_id)}`, { replace: true });
        else onNext();
      },
    });
  });

  const onSubmit = (event: FormEvent) => {
    if (!locked) return void submit(event);
    event.preventDefault();
    onNext();
  };

  const saving = save.isPending || blurSave.isPending;

  return (
    <Card variant="outlined">
      <CardContent>
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Typography variant="h6" component="h2" gutterBottom>
            {T.basicInfoTitle}
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Stack spacing={2}>
                <FormTextField
                  control={control}
                  name="title"
                  readOnly={locked}
                  label={T.title}
                  required
                  maxLength={L.titleMax}
                  onBlur={saveOnBlur}
                />
                <FormTextField
                  control={control}
                  name="description"
                  readOnly={locked}
                  label={T.description}
                  required
                  rows={8}
                  maxLength={L.descriptionMax}
                  onBlur={saveOnBlur}
                />
                <FormTextField
                  control={control}
                  name="admin_note"
                  readOnly={locked}
                  label={T.adminNotes}
                  maxLength={L.adminNoteMax}
                  onBlur={saveOnBlur}
                />
                <FormSelect
                  control={control}
                  name="product_id"
                  label={T.product}
                  choices={products.map((p) => ({
                    value: p._id,
                    label: p.name,
                    // a hiring sim has one level: a sim with more cannot become one
                    disabled: simTypeOfProduct(p.name) === 'hiring' && (sim?.totalLevels ?? 0) > maxLevelsOf('hiring'),
                  }))}
                  onValueChange={onProductChange}
                  readOnly={locked}
                  disabled={products.length === 0}
                  fullWidth={false}
                />
                <FormSelect
                  control={control}
                  name="call_type"
                  label={T.callTypes}
                  choices={CALL_TYPES.map((c) => ({ value: c, label: c }))}
                  readOnly={locked}
                  fullWidth={false}
                />
                <FormControl>
                  <FormLabel id="sim-type-label">{T.simType}</FormLabel>
                  <RadioGroup row aria-labelledby="sim-type-label" value={simType ?? ''}>
                    {SIM_TYPES.map((t) => (
                      <FormControlLabel key={t} value={t} control={<Radio />} label={T.simTypeLabels[t]} disabled />
                    ))}
                  </RadioGroup>
                  <FormHelperText>{T.simTypeHint}</FormHelperText>
                </FormControl>
                <FormControl component="fieldset">
                  <FormLabel component="legend">{T.features}</FormLabel>
                  <FormGroup>
                    {FEATURES.map((f) => (
                      <FormCheckbox key={f.name} control={control} name={f.name} label={f.label} disabled={locked} />
                    ))}
                  </FormGroup>
                </FormControl>
                <FormCheckbox control={control} name="draft" label={T.draft} disabled={locked} />
              </Stack>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Stack spacing={2}>
                <FormTextField
                  control={control}
                  name="brief_description"
                  readOnly={locked}
                  label={T.briefDescription}
                  rows={16}
                  maxLength={L.briefDescriptionMax}
                  onBlur={saveOnBlur}
                />
                <HotLinksInput links={links} onChange={changeLinks} locked={readOnly} />
                <UploadsSection
                  simId={simId}
                  sim={sim}
                  canSave={canNext}
                  saving={save.isPending}
                  onSave={() => void saveFirst()}
                  locked={readOnly}
                />
              </Stack>
            </Grid>
          </Grid>
          <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'flex-end', alignItems: 'center' }}>
            {saving && (
              <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center' }}>
                <CircularProgress size={18} aria-hidden />
                <Typography variant="body2">{T.saving}</Typography>
              </Stack>
            )}
            <Button variant="outlined" onClick={() => void navigate('/sims')}>
              {T.cancel}
            </Button>
            <Button type="submit" variant="contained" disabled={!locked && (!canNext || save.isPending)}>
              {T.next}
            </Button>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
