import { CHARACTER_COLOURS, type TCharacter } from '@sim/shared';
import { AvatarPicture } from '../../../components/avatars/avatar-picture';

/**
 * A character's avatar in its type's colour (the picture chosen on Select Avatars), for the script rows,
 * the palette, the drag overlay and the preview. Decorative: the character's name is beside it.
 */
export function CharacterAvatar({
  character,
  size = 36,
}: {
  character: Pick<TCharacter, 'type' | 'avatar' | 'name'>;
  size?: number;
}) {
  return <AvatarPicture avatar={character.avatar} colour={CHARACTER_COLOURS[character.type]} size={size} />;
}
