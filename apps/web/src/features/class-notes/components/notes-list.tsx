import { Box, Divider, List, Skeleton, Stack, Typography } from '@mui/material';
import { CLASS_NOTE_MESSAGES, LABELS, type TClassNote } from '@sim/shared';
import { Fragment } from 'react';
import { ErrorState } from '../../../components/error-state';
import { NoteItem, type NoteRights } from './note-item';

interface NotesListProps {
  notes: TClassNote[] | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  rights: NoteRights;
  clamp?: boolean;
  label: string;
  onEdit: (note: TClassNote) => void;
  onDelete: (note: TClassNote) => void;
}

/** The notes, their loading placeholders, the error with a retry, or the empty text. */
export function NotesList({
  notes,
  isPending,
  error,
  onRetry,
  rights,
  clamp,
  label,
  onEdit,
  onDelete,
}: NotesListProps) {
  if (error && !notes) return <ErrorState error={error} onRetry={onRetry} />;
  if (isPending)
    return (
      <Stack spacing={1} sx={{ p: 2 }} role="status" aria-label={LABELS.loading}>
        {[0, 1, 2].map((i) => (
          <Box key={i}>
            <Skeleton />
            <Skeleton width="40%" />
          </Box>
        ))}
      </Stack>
    );
  if (!notes || notes.length === 0)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        {CLASS_NOTE_MESSAGES.empty}
      </Typography>
    );
  return (
    <List dense aria-label={label} disablePadding>
      {notes.map((note, i) => (
        <Fragment key={note._id}>
          {i > 0 ? <Divider component="li" /> : null}
          <NoteItem note={note} rights={rights} clamp={clamp} onEdit={onEdit} onDelete={onDelete} />
        </Fragment>
      ))}
    </List>
  );
}
