import { Avatar } from '@mui/material';
import { CHARACTER_COLOURS, type TCharacter } from '@sim/shared';

/** A character's numbered avatar in its type's colour (the avatars are numbered, as on Select Avatars). */
export function CharacterAvatar({
  character,
  size = 36,
}: {
  character: Pick<TCharacter, 'type' | 'avatar' | 'name'>;
  size?: number;
}) {
  const number = /^avatar-(\d+)$/.exec(character.avatar)?.[1] ?? '1';
  return (
    <Avatar
      aria-hidden
      sx={{ width: size, height: size, fontSize: size * 0.4, bgcolor: CHARACTER_COLOURS[character.type] }}
    >
      {number}
    </Avatar>
  );
}
