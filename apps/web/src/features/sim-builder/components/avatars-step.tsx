import CheckCircle from '@mui/icons-material/CheckCircle';
import {
  Alert,
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
import { type KeyboardEvent, useRef, useState } from 'react';
import { AvatarPicture } from '../../../components/avatars/avatar-picture';
import { ErrorState } from '../../../components/error-state';
import { SectionHeading } from '../../../components/page-heading';
import { PageSpinner } from '../../../components/page-spinner';
import { CHARACTER_TEXT_COLOURS } from '../../../components/theme/character-colours';
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
        <SectionHeading>{T.selectAvatarsTitle}</SectionHeading>
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
        <SectionHeading level={3} color={CHARACTER_TEXT_COLOURS[character.type]} sx={{ mb: 1 }}>
          {label}
        </SectionHeading>
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
          <AvatarChoice
            label={T.avatars(label)}
            colour={colour}
            value={character.avatar}
            onChange={(avatar) => onChange({ avatar })}
          />
        </Stack>
      </CardContent>
    </Card>
  );
}

const AVATAR_SIZE = 44;

/**
 * The 24 avatars as one radio group: each option is the picture, named "Avatar N"; the chosen one has a
 * ring and a tick. One tab stop (the chosen avatar); the arrow keys, Home and End move the choice.
 */
function AvatarChoice({
  label,
  colour,
  value,
  onChange,
}: {
  label: string;
  colour: string;
  value: string;
  onChange: (avatar: string) => void;
}) {
  const group = useRef<HTMLDivElement>(null);
  const current = Math.max(0, AVATARS.indexOf(value));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowDown: current + 1,
      ArrowLeft: current - 1,
      ArrowUp: current - 1,
      Home: 0,
      End: AVATARS.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = (to + AVATARS.length) % AVATARS.length;
    onChange(AVATARS[next]);
    group.current?.querySelectorAll<HTMLElement>('[role="radio"]')[next]?.focus();
  };

  return (
    <Box
      ref={group}
      role="radiogroup"
      aria-label={label}
      onKeyDown={onKeyDown}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
    >
      {AVATARS.map((avatar, i) => {
        const selected = i === current;
        return (
          <ButtonBase
            key={avatar}
            role="radio"
            aria-checked={selected}
            aria-label={T.avatar(i + 1)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(avatar)}
            sx={{
              position: 'relative',
              borderRadius: '50%',
              outline: selected ? `3px solid ${colour}` : 'none',
              outlineOffset: 2,
              '&.Mui-focusVisible': { outline: `3px solid ${colour}`, outlineOffset: 4 },
              transition: 'transform 120ms',
              '&:hover': { transform: 'scale(1.08)' },
            }}
          >
            <AvatarPicture avatar={avatar} colour={colour} size={AVATAR_SIZE} />
            {selected ? (
              <CheckCircle
                aria-hidden
                sx={{
                  position: 'absolute',
                  right: -4,
                  bottom: -4,
                  fontSize: 18,
                  color: colour,
                  bgcolor: 'background.paper',
                  borderRadius: '50%',
                }}
              />
            ) : null}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
