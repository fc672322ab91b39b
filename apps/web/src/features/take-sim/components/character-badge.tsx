import { Box, Chip, Typography } from '@mui/material';
import { CHARACTER_COLOURS, type CharacterType, DEFAULT_AVATAR, SIM_BUILDER_TEXTS, type TCharacter } from '@sim/shared';
import { AvatarPicture } from '../../../components/avatars/avatar-picture';
import { CHARACTER_ON_COLOURS } from '../../../components/theme/character-colours';

interface CharacterBadgeProps {
  character: Pick<TCharacter, 'avatar' | 'name'> | null;
  type: CharacterType;
}

/**
 * The speaker of a step: the character's avatar, the name and the role label on the character's colour (its
 * text white or black, whichever reads there at 4.5:1: components/theme/character-colours.ts).
 */
export function CharacterBadge({ character, type }: CharacterBadgeProps) {
  const colour = CHARACTER_COLOURS[type];
  const role = SIM_BUILDER_TEXTS.characterLabels[type];
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <AvatarPicture avatar={character?.avatar ?? DEFAULT_AVATAR} colour={colour} size={48} />
      <Box>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, lineHeight: 1.2 }}>
          {character?.name || role}
        </Typography>
        <Chip
          size="small"
          label={role}
          sx={{ mt: 0.5, bgcolor: colour, color: CHARACTER_ON_COLOURS[type], fontWeight: 600, height: 20 }}
        />
      </Box>
    </Box>
  );
}
