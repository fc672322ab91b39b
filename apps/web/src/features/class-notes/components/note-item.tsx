import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Chip, IconButton, ListItem, ListItemText, Stack, Tooltip, Typography } from '@mui/material';
import {
  ASSIGNMENT_DATE_FORMAT,
  ASSIGNMENT_LIMITS,
  ASSIGNMENT_MESSAGES,
  cutText,
  CLASS_NOTE_TEXTS as T,
  type TClassNote,
} from '@sim/shared';
import dayjs from 'dayjs';
import type { ReactElement } from 'react';

export interface NoteRights {
  canUpdate: boolean;
  canDelete: boolean;
}

function NoteAction(props: {
  label: string;
  tooltip: string;
  icon: ReactElement;
  allowed: boolean;
  onClick: () => void;
}) {
  const button = (
    <IconButton size="small" aria-label={props.label} disabled={!props.allowed} onClick={props.onClick}>
      {props.icon}
    </IconButton>
  );
  return (
    <Tooltip title={props.tooltip}>
      {props.allowed ? button : <span style={{ display: 'inline-flex' }}>{button}</span>}
    </Tooltip>
  );
}

interface NoteItemProps {
  note: TClassNote;
  rights: NoteRights;
  /** the popover clamps a long note to three lines; the View All dialog shows it whole */
  clamp?: boolean;
  onEdit: (note: TClassNote) => void;
  onDelete: (note: TClassNote) => void;
}

/** A class note: its text, the sim it was written for (cut at 22), its date, edit and delete. */
export function NoteItem({ note, rights, clamp = false, onEdit, onDelete }: NoteItemProps) {
  const simName = note.sim_name ? cutText(note.sim_name, ASSIGNMENT_LIMITS.noteSimNameCut) : null;
  const preview = cutText(note.notes, 40);
  return (
    <ListItem
      alignItems="flex-start"
      secondaryAction={
        <Stack direction="row" spacing={0.25}>
          <NoteAction
            label={`${T.edit}: ${preview}`}
            tooltip={rights.canUpdate ? T.edit : ASSIGNMENT_MESSAGES.noUpdate}
            icon={<EditOutlined fontSize="small" />}
            allowed={rights.canUpdate}
            onClick={() => onEdit(note)}
          />
          <NoteAction
            label={`${T.delete}: ${preview}`}
            tooltip={rights.canDelete ? T.delete : ASSIGNMENT_MESSAGES.noDelete}
            icon={<DeleteOutline fontSize="small" />}
            allowed={rights.canDelete}
            onClick={() => onDelete(note)}
          />
        </Stack>
      }
      sx={{ pr: 11 }}
    >
      <ListItemText
        disableTypography
        primary={
          <Typography
            variant="body2"
            sx={{
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
              ...(clamp && {
                display: '-webkit-box',
                WebkitLineClamp: 3,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }),
            }}
          >
            {note.notes}
          </Typography>
        }
        secondary={
          <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
            {simName ? (
              <Tooltip title={note.sim_name ?? ''}>
                <Chip size="small" variant="outlined" label={simName} />
              </Tooltip>
            ) : null}
            <Typography variant="caption" color="text.secondary">
              {dayjs(note.updatedAt).format(ASSIGNMENT_DATE_FORMAT)}
            </Typography>
          </Stack>
        }
      />
    </ListItem>
  );
}
