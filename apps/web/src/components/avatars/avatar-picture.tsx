import { Box } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useAvatarSrc } from './use-avatar-src';

interface AvatarPictureProps {
  /** an avatar id of the spec: `avatar-1` … `avatar-24` */
  avatar: string;
  /** the character type's colour (CHARACTER_COLOURS): the ring and a tint behind the face */
  colour: string;
  size?: number;
  /** the picture's text alternative; empty (the default) when a name or a label beside it says who it is */
  alt?: string;
}

/** One of the 24 avatars, drawn on a tint of the character type's colour inside a ring of that colour. */
export function AvatarPicture({ avatar, colour, size = 36, alt = '' }: AvatarPictureProps) {
  const src = useAvatarSrc(avatar);
  return (
    <Box
      component="span"
      data-avatar={avatar}
      // named as one image (before and after the picture loads), or left out when something beside names it
      {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
      sx={{
        display: 'inline-flex',
        flexShrink: 0,
        width: size,
        height: size,
        borderRadius: '50%',
        overflow: 'hidden',
        boxSizing: 'border-box',
        border: `${size >= 40 ? 3 : 2}px solid ${colour}`,
        bgcolor: alpha(colour, 0.16),
      }}
    >
      {src ? (
        <Box
          component="img"
          src={src}
          alt=""
          width={size}
          height={size}
          draggable={false}
          sx={{ display: 'block', width: '100%', height: '100%' }}
        />
      ) : null}
    </Box>
  );
}
