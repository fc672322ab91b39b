import { Avatar } from '@mui/material';

/** Initials of a full name: 'Ada Lovelace' → 'AL'. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return `${parts[0]?.charAt(0) ?? ''}${parts.length > 1 ? parts[parts.length - 1].charAt(0) : ''}`.toUpperCase();
}

/** A person's photo, or their initials. */
export function PersonAvatar({ name, src, size = 28 }: { name: string; src?: string | null; size?: number }) {
  return (
    <Avatar src={src ?? undefined} alt={name} sx={{ width: size, height: size, fontSize: size * 0.42 }}>
      {initialsOf(name)}
    </Avatar>
  );
}
