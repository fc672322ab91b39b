import { Avatar, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { PROFILE_PHOTO_MAX_BYTES, SETTINGS_TEXTS, TOAST_DURATIONS_MS, type TSessionUser } from '@sim/shared';
import { useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useUploadProfilePhoto } from '../api/update-profile-photo';

/** The types the server takes (it checks the content again). */
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** Images only, at most 2 MB (section 5): the message to show, or null when the file may be sent. */
export function photoProblem(file: { type: string; size: number }): string | null {
  if (!PHOTO_TYPES.includes(file.type)) return SETTINGS_TEXTS.photoNotImage;
  if (file.size > PROFILE_PHOTO_MAX_BYTES) return SETTINGS_TEXTS.photoTooLarge;
  return null;
}

const initials = (u: TSessionUser) => `${u.first_name.charAt(0)}${u.last_name.charAt(0)}`.toUpperCase();

/** The profile photo card: the photo, Upload photo with progress, and the 3-second size/type message. */
export function ProfilePhotoCard({ user }: { user: TSessionUser }) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState(0);
  const toast = useToast();
  const upload = useUploadProfilePhoto(setProgress);
  const name = `${user.first_name} ${user.last_name}`.trim();

  const onFile = (file: File | undefined) => {
    if (!file) return;
    toast.clear();
    const message = photoProblem(file);
    if (message) {
      // 'Image size exceeds more than 2mb' hides after 3 s (section 5)
      toast.show('error', message, { durationMs: TOAST_DURATIONS_MS.photoError });
      return;
    }
    setProgress(0);
    upload.mutate(file, {
      onSuccess: () => toast.show('success', SETTINGS_TEXTS.photoUpdated),
      onError: (error) => toast.show('error', errorMessage(error), { durationMs: TOAST_DURATIONS_MS.photoError }),
    });
  };

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {SETTINGS_TEXTS.photoCard}
        </Typography>
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar src={user.profile_pic_url ?? undefined} alt={name} sx={{ width: 112, height: 112, fontSize: 40 }}>
            {initials(user)}
          </Avatar>
          <input
            ref={input}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            hidden
            data-testid="photo-input"
            onChange={(event) => {
              onFile(event.target.files?.[0]);
              event.target.value = ''; // the same file may be chosen again
            }}
          />
          <Button variant="outlined" disabled={upload.isPending} onClick={() => input.current?.click()}>
            {SETTINGS_TEXTS.uploadPhoto}
          </Button>
          {upload.isPending ? (
            <Box sx={{ width: '100%' }}>
              <LinearProgress variant="determinate" value={progress} aria-label={SETTINGS_TEXTS.uploading(progress)} />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, textAlign: 'center' }}>
                {SETTINGS_TEXTS.uploading(progress)}
              </Typography>
            </Box>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
