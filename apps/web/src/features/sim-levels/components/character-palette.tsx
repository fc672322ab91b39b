import { useDraggable } from '@dnd-kit/core';
import AddIcon from '@mui/icons-material/Add';
import { Box, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import {
  CHARACTER_COLOURS,
  CHARACTER_TYPES,
  SIM_BUILDER_TEXTS,
  CREATE_LEVELS_TEXTS as T,
  type TCharacter,
} from '@sim/shared';
import { CHARACTER_TEXT_COLOURS } from '../../../components/theme/character-colours';
import { visuallyHidden } from '../../../components/visually-hidden';
import type { DragData } from '../lib/canvas-dnd';
import { lockedTitle, useEditAccess } from '../lib/edit-access';
import { CharacterAvatar } from './character-avatar';

export const characterDragId = (character: TCharacter) => `character:${character._id}`;

/** The role shown under a character's name: its masked type, else the type's label. */
const characterRole = (character: TCharacter) =>
  character.masked_type || SIM_BUILDER_TEXTS.characterLabels[character.type];

/** The character's name and its masked type (the "Display character type as" label, in the character's text colour). */
export function CharacterLabel({ character }: { character: TCharacter }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" noWrap>
        {character.name}
      </Typography>
      <Typography
        variant="caption"
        noWrap
        sx={{ color: CHARACTER_TEXT_COLOURS[character.type], fontWeight: 600, textTransform: 'uppercase' }}
      >
        {characterRole(character)}
      </Typography>
    </Box>
  );
}

function DraggableCharacter({
  character,
  disabled,
  onAdd,
}: {
  character: TCharacter;
  disabled: boolean;
  onAdd: () => void;
}) {
  const canDrag = character._id !== null && !disabled;
  const access = useEditAccess();
  const { setNodeRef, attributes, listeners, isDragging } = useDraggable({
    id: characterDragId(character),
    data: { kind: 'character', character } satisfies DragData,
    disabled: !canDrag,
  });
  return (
    <Paper
      variant="outlined"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        p: 1,
        borderLeft: `6px solid ${CHARACTER_COLOURS[character.type]}`,
        opacity: isDragging ? 0.5 : 1,
      }}
    >
      <Box
        ref={setNodeRef}
        {...attributes}
        {...listeners}
        data-testid={`character-${character.type}`}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          flexGrow: 1,
          minWidth: 0,
          cursor: canDrag ? 'grab' : 'default',
          touchAction: 'none',
          borderRadius: 1,
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        <CharacterAvatar character={character} />
        <CharacterLabel character={character} />
        {/* named by what it shows (WCAG 2.5.3, label in name), then by what dragging it does */}
        <Box component="span" sx={visuallyHidden}>
          {T.dragCharacter(character.name)}
        </Box>
      </Box>
      <Tooltip title={lockedTitle(access, T.addLineFor(character.name))}>
        <span>
          <IconButton size="small" aria-label={T.addLineFor(character.name)} disabled={!canDrag} onClick={onAdd}>
            <AddIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Paper>
  );
}

/** The right column: the sim's four characters, dragged onto the canvas to add their lines. */
export function CharacterPalette({
  characters,
  disabled,
  onAdd,
}: {
  characters: TCharacter[];
  disabled: boolean;
  onAdd: (character: TCharacter) => void;
}) {
  const ordered = CHARACTER_TYPES.map((type) => characters.find((c) => c.type === type)).filter(
    (c): c is TCharacter => c !== undefined,
  );
  return (
    <Paper variant="outlined" component="section" aria-label={T.characters} sx={{ p: 2 }}>
      <Typography variant="h6" component="h3">
        {T.characters}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {T.charactersHint}
      </Typography>
      <Stack spacing={1}>
        {ordered.map((character) => (
          <DraggableCharacter
            key={character.type}
            character={character}
            disabled={disabled}
            onAdd={() => onAdd(character)}
          />
        ))}
      </Stack>
    </Paper>
  );
}
