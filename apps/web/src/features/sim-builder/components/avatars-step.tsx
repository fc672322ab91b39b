import {
  Alert,
  Avatar,
  Box,
  Button,
  ButtonBase,
  Card,
  CardContent,
  CircularProgress,
  Grid,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  AVATARS,
  CHARACTER_COLOURS,
  AUTHORING_LIMITS as L,
  AUTHORING_MESSAGES as M,
  SIM_BUILDER_TEXTS as T,
  VOICES,
  type VoiceName,
} from '@sim/shared';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { PageSpinner } from '../../../components/page-spinner';
import { errorMessage } from '../../../lib/api-client';
import { useCharacters, useUpdateCharacters } from '../api/sim-builder-api';
import { type CharacterForm, characterForms, charactersComplete } from '../lib/wizard';

interface AvatarsStepProps {
  simId: string;
  onBack: () => void;
  onNext: () => void;
}

/** Step 1, Select Avatars (authoring.md sections 2, 3 and 5). */
export function AvatarsStep(props: AvatarsStepProps) {
  const characters = useCharacters(props.simId);
  if (characters.isPending) return <PageSpinner />;
  if (characters.isError) return <ErrorState error={characters.error} onRetry={() => void characters.refetch()} />;
  return <AvatarsForm {...props} initial={characterForms(characters.data.sim_characters)} />;
}

function AvatarsForm({ simId, onBack, onNext, initial }: AvatarsStepProps & { initial: CharacterForm[] }) {
  const [characters, setCharacters] = useState(initial);
  const save = useUpdateCharacters();
  const complete = charactersComplete(characters);

  const change = (index: number, patch: Partial<CharacterForm>) =>
    setCharacters((list) => list.map((c, i) => (i === index ? { ...c, ...patch } : c)));

  const next = () =>
    save.mutate(
      {
        sim_id: simId,
        sim_characters: characters.map((c) => ({ ...c, name: c.name.trim(), masked_type: c.masked_type.trim() })),
        activeStep: 2,
      },
      { onSuccess: onNext },
    );

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {T.selectAvatarsTitle}
        </Typography>
        {save.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(save.error)}
          </Alert>
        )}
        <Grid container spacing={2}>
          {characters.map((c, index) => (
            <Grid key={c.type} size={{ xs: 12, lg: 6 }}>
              <CharacterCard character={c} onChange={(patch) => change(index, patch)} />
            </Grid>
          ))}
        </Grid>
        <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'flex-end', alignItems: 'center' }}>
          {save.isPending && (
            <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center' }}>
              <CircularProgress size={18} aria-hidden />
              <Typography variant="body2">{T.saving}</Typography>
            </Stack>
          )}
          <Button variant="outlined" onClick={onBack}>
            {T.back}
          </Button>
          <Button variant="contained" disabled={!complete || save.isPending} onClick={next}>
            {T.next}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function CharacterCard({
  character,
  onChange,
}: {
  character: CharacterForm;
  onChange: (patch: Partial<CharacterForm>) => void;
}) {
  const colour = CHARACTER_COLOURS[character.type];
  const label = T.characterLabels[character.type];
  const nameMissing = character.name.trim() === '';
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={label}
      sx={{ borderTop: `4px solid ${colour}`, height: '100%' }}
    >
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, color: colour, mb: 1 }}>
          {label}
        </Typography>
        <Stack spacing={2}>
          <TextField
            label={T.name}
            required
            value={character.name}
            onChange={(e) => onChange({ name: e.target.value })}
            error={nameMissing}
            helperText={nameMissing ? M.characterNameRequired : undefined}
            slotProps={{ htmlInput: { maxLength: L.characterNameMax } }}
          />
          <TextField
            label={T.maskedType}
            value={character.masked_type}
            onChange={(e) => onChange({ masked_type: e.target.value })}
            slotProps={{ htmlInput: { maxLength: L.maskedTypeMax } }}
          />
          <TextField
            select
            label={T.voice}
            required
            value={character.voice}
            onChange={(e) => onChange({ voice: e.target.value as VoiceName })}
          >
            {VOICES.map((v) => (
              <MenuItem key={v.name} value={v.name}>
                {v.name}
              </MenuItem>
            ))}
          </TextField>
          <Box role="radiogroup" aria-label={T.avatars(label)} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {AVATARS.map((avatar, i) => {
              const selected = avatar === character.avatar;
              return (
                <ButtonBase
                  key={avatar}
                  role="radio"
                  aria-checked={selected}
                  aria-label={T.avatar(i + 1)}
                  onClick={() => onChange({ avatar })}
                  sx={{
                    borderRadius: '50%',
                    outline: selected ? `3px solid ${colour}` : 'none',
                    outlineOffset: 2,
                  }}
                >
                  <Avatar sx={{ width: 36, height: 36, fontSize: 14, bgcolor: colour, opacity: selected ? 1 : 0.55 }}>
                    {i + 1}
                  </Avatar>
                </ButtonBase>
              );
            })}
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
