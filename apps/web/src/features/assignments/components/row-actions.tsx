import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import NoteAddOutlined from '@mui/icons-material/NoteAddOutlined';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import { Button, IconButton, Stack, Tooltip } from '@mui/material';
import { ASSIGNMENT_MESSAGES, ASSIGNMENT_TEXTS as T, type TAssignment } from '@sim/shared';
import type { ReactElement } from 'react';
import type { InstructionAction, RowActions } from '../lib/assignment-rules';

interface IconActionProps {
  label: string;
  tooltip: string;
  icon: ReactElement;
  disabled?: boolean;
  onClick?: () => void;
}

/** An icon action with its tooltip; a disabled one keeps its tooltip (it says why). */
function IconAction({ label, tooltip, icon, disabled = false, onClick }: IconActionProps) {
  const button = (
    <IconButton size="small" aria-label={label} disabled={disabled} onClick={onClick}>
      {icon}
    </IconButton>
  );
  return (
    <Tooltip title={tooltip}>{disabled ? <span style={{ display: 'inline-flex' }}>{button}</span> : button}</Tooltip>
  );
}

const INSTRUCTION_ICONS = {
  view: <DescriptionOutlined fontSize="small" />,
  add: <NoteAddOutlined fontSize="small" />,
  edit: <EditNoteOutlined fontSize="small" />,
} as const;

interface RowActionsCellProps {
  row: TAssignment;
  actions: RowActions;
  onOpen: (row: TAssignment) => void;
  onTrackRecord: (row: TAssignment) => void;
  onInstruction: (row: TAssignment, action: InstructionAction) => void;
  onDelete: (row: TAssignment) => void;
}

/**
 * ACTIONS: Go, VIEW OR RETRY, TRACK RECORD, Review (opens the sim's level cards, where each level's View
 * Results leads to its result view), the instruction and delete (NOT STARTED only).
 */
export function RowActionsCell({ row, actions, onOpen, onTrackRecord, onInstruction, onDelete }: RowActionsCellProps) {
  const title = row.assignment;
  const instruction = actions.instruction;
  return (
    // one line, but VIEW OR RETRY and TRACK RECORD together may take two rather than widen the table past its frame
    <Stack
      direction="row"
      spacing={0.5}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: actions.viewOrRetry && actions.trackRecord ? 'wrap' : 'nowrap' }}
    >
      {actions.go ? (
        <Button size="small" variant="contained" onClick={() => onOpen(row)} aria-label={`${T.go} ${title}`}>
          {T.go}
        </Button>
      ) : null}
      {actions.viewOrRetry ? (
        <Button
          size="small"
          variant="outlined"
          onClick={() => onOpen(row)}
          aria-label={`${T.viewOrRetry} ${title}`}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {T.viewOrRetry}
        </Button>
      ) : null}
      {actions.trackRecord ? (
        <Button
          size="small"
          onClick={() => onTrackRecord(row)}
          aria-label={`${T.trackRecord} ${title}`}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {T.trackRecord}
        </Button>
      ) : null}
      {actions.review ? (
        <IconAction
          label={`${T.review} ${title}`}
          tooltip={T.review}
          icon={<RateReviewOutlined fontSize="small" />}
          onClick={() => onOpen(row)}
        />
      ) : null}
      {instruction ? (
        <IconAction
          label={`${T.instructionTitles[instruction.mode]} ${title}`}
          tooltip={instruction.allowed ? T.instructionTitles[instruction.mode] : instruction.deniedText}
          icon={INSTRUCTION_ICONS[instruction.mode]}
          disabled={!instruction.allowed}
          onClick={() => onInstruction(row, instruction)}
        />
      ) : null}
      {actions.delete ? (
        <IconAction
          label={`${T.delete} ${title}`}
          tooltip={actions.delete.allowed ? T.delete : ASSIGNMENT_MESSAGES.noDelete}
          icon={<DeleteOutline fontSize="small" />}
          disabled={!actions.delete.allowed}
          onClick={() => onDelete(row)}
        />
      ) : null}
    </Stack>
  );
}
