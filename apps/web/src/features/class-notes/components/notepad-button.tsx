import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import StickyNote2Outlined from '@mui/icons-material/StickyNote2Outlined';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  Popover,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  ASSIGNMENT_LIMITS,
  ASSIGNMENT_MESSAGES,
  isLearnerAccess,
  LABELS,
  CLASS_NOTE_TEXTS as T,
  type TClassNote,
  ZRowId,
} from '@sim/shared';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { usePermissions } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { useDeleteClassNote } from '../api/delete-class-note';
import { downloadClassNotes } from '../api/download-class-notes';
import { useClassNotes } from '../api/get-class-notes';
import { NoteEditorDialog } from './note-editor-dialog';
import { NotesList } from './notes-list';

interface NotepadButtonProps {
  /** the sim a new note is written for; by default the `sim_id` of the URL (the take-sim and result screens) */
  simId?: string | null;
}

type Editing = { note: TClassNote | null } | null;

/**
 * The notepad of the top bar (learner-and-review.md section 2): a popover with the first 4 class notes and
 * View All (every note in a dialog); add, edit and delete with the my_notepad permissions; the
 * User_Notes.xlsx download for everyone but learners. Hidden without my_notepad view.
 */
export function NotepadButton({ simId }: NotepadButtonProps) {
  const { can, permissions } = usePermissions();
  const [searchParams] = useSearchParams();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [viewAll, setViewAll] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TClassNote | null>(null);
  const [downloading, setDownloading] = useState(false);
  const toast = useToast();
  const dialogTitleId = useId();
  const canView = can('my_notepad', 'view');
  const notes = useClassNotes(canView && (Boolean(anchor) || viewAll));
  const remove = useDeleteClassNote();

  if (!canView) return null;

  const urlSim = searchParams.get('sim_id');
  const noteSim = simId !== undefined ? simId : urlSim && ZRowId.safeParse(urlSim).success ? urlSim : null;
  const canCreate = can('my_notepad', 'create');
  const rights = { canUpdate: can('my_notepad', 'update'), canDelete: can('my_notepad', 'delete') };
  const all = notes.data ?? [];
  const first = notes.data?.slice(0, ASSIGNMENT_LIMITS.notesPopover);

  const download = async () => {
    setDownloading(true);
    toast.clear();
    try {
      await downloadClassNotes();
    } catch (error) {
      toast.show('error', `${T.downloadFailed} ${errorMessage(error)}`);
    } finally {
      setDownloading(false);
    }
  };

  const confirmDelete = async (note: TClassNote) => {
    try {
      const answer = await remove.mutateAsync(note._id);
      toast.show('success', answer.message);
    } catch (error) {
      toast.show('error', errorMessage(error));
    } finally {
      setDeleting(null);
    }
  };

  const toolbar = (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      {isLearnerAccess(permissions) ? null : (
        <Tooltip title={T.download}>
          <span style={{ display: 'inline-flex' }}>
            <IconButton size="small" aria-label={T.download} onClick={() => void download()} disabled={downloading}>
              {downloading ? <CircularProgress size={18} /> : <FileDownloadOutlined fontSize="small" />}
            </IconButton>
          </span>
        </Tooltip>
      )}
      <Tooltip title={canCreate ? T.addNote : ASSIGNMENT_MESSAGES.noCreate}>
        <span style={{ display: 'inline-flex' }}>
          <IconButton
            size="small"
            aria-label={T.addNote}
            disabled={!canCreate}
            onClick={() => setEditing({ note: null })}
            color="primary"
          >
            <AddIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );

  const listProps = {
    isPending: notes.isPending,
    error: notes.error,
    onRetry: () => void notes.refetch(),
    rights,
    onEdit: (note: TClassNote) => setEditing({ note }),
    onDelete: (note: TClassNote) => setDeleting(note),
  };

  return (
    <>
      <Tooltip title={T.notepad}>
        <IconButton aria-label={T.notepad} aria-haspopup="dialog" onClick={(event) => setAnchor(event.currentTarget)}>
          <StickyNote2Outlined />
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        // the button says it opens a dialog (aria-haspopup): the popover is one, named, with the focus kept in it
        slotProps={{ paper: { sx: { width: 380, maxHeight: 520 }, role: 'dialog', 'aria-label': T.title } }}
      >
        <Stack direction="row" sx={{ px: 2, py: 1, alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {T.title}
          </Typography>
          {toolbar}
        </Stack>
        <Divider />
        <NotesList {...listProps} notes={first} clamp label={T.title} />
        {all.length > 0 ? (
          <>
            <Divider />
            <Box sx={{ p: 1, textAlign: 'center' }}>
              <Button
                size="small"
                onClick={() => {
                  setAnchor(null);
                  setViewAll(true);
                }}
              >
                {`${T.viewAll} (${all.length})`}
              </Button>
            </Box>
          </>
        ) : null}
      </Popover>

      <Dialog open={viewAll} onClose={() => setViewAll(false)} aria-labelledby={dialogTitleId} maxWidth="sm" fullWidth>
        <DialogTitle id={dialogTitleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box sx={{ flexGrow: 1 }}>{T.allNotes}</Box>
          {toolbar}
          <IconButton aria-label={LABELS.close} onClick={() => setViewAll(false)}>
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent dividers sx={{ p: 0 }}>
          <NotesList {...listProps} notes={notes.data} label={T.allNotes} />
        </DialogContent>
      </Dialog>

      {editing ? (
        <NoteEditorDialog
          note={editing.note}
          simId={noteSim}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            toast.show('success', message);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={T.deleteTitle}
        message={T.deleteMessage}
        confirmLabel={T.deleteConfirm}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void confirmDelete(deleting);
        }}
      />
    </>
  );
}
