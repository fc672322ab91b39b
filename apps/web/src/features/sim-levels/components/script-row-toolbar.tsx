import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import MicIcon from '@mui/icons-material/Mic';
import RecordVoiceOverIcon from '@mui/icons-material/RecordVoiceOver';
import StopIcon from '@mui/icons-material/Stop';
import { CircularProgress, IconButton, Stack, Tooltip } from '@mui/material';
import { CREATE_LEVELS_TEXTS as T, type TScript } from '@sim/shared';
import type { ReactNode } from 'react';
import { lockedTitle, useEditAccess } from '../lib/edit-access';
import { playableUrl } from '../lib/script-list';
import type { RecorderState } from '../lib/use-clip-recorder';
import { PlayButton } from './play-button';

interface ScriptRowToolbarProps {
  line: number;
  count: number;
  script: TScript;
  isAgent: boolean;
  busy: boolean;
  generating: boolean;
  recorderState: RecorderState;
  onGenerate: () => void;
  onRecord: () => void;
  onStopRecording: () => void;
  onMove: (order: number) => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** A tool of the row; the read-only builder disables it, its tooltip saying why. */
function Tool({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const access = useEditAccess();
  return (
    <Tooltip title={lockedTitle(access, label)}>
      <span>
        <IconButton size="small" aria-label={label} disabled={disabled || access.readOnly} onClick={onClick}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * The toolbar of a script row: play (an <audio> element with the signed url), generate, record (agent
 * lines: idle → recording → stopped and uploaded), move up and down, edit and delete.
 */
export function ScriptRowToolbar(props: ScriptRowToolbarProps) {
  const { line, count, script, busy, recorderState } = props;
  return (
    <Stack direction="row" role="toolbar" aria-label={T.toolbar(line)} sx={{ alignItems: 'center' }}>
      <PlayButton url={playableUrl(script)} />
      <Tool label={props.generating ? T.generatingAudio : T.generateAudio} disabled={busy} onClick={props.onGenerate}>
        {props.generating ? <CircularProgress size={18} /> : <RecordVoiceOverIcon fontSize="small" />}
      </Tool>
      {props.isAgent &&
        (recorderState === 'recording' ? (
          <Tool label={T.stopRecording} onClick={props.onStopRecording}>
            <StopIcon fontSize="small" color="error" />
          </Tool>
        ) : recorderState === 'stopped' ? (
          <Tool label={T.uploadingRecording} disabled onClick={() => undefined}>
            <CircularProgress size={18} />
          </Tool>
        ) : (
          <Tool label={T.recordAudio} disabled={busy} onClick={props.onRecord}>
            <MicIcon fontSize="small" />
          </Tool>
        ))}
      <Tool label={T.moveUp} disabled={busy || line <= 1} onClick={() => props.onMove(line - 1)}>
        <ArrowUpwardIcon fontSize="small" />
      </Tool>
      <Tool label={T.moveDown} disabled={busy || line >= count} onClick={() => props.onMove(line + 1)}>
        <ArrowDownwardIcon fontSize="small" />
      </Tool>
      <Tool label={T.editScript} disabled={busy} onClick={props.onEdit}>
        <EditIcon fontSize="small" />
      </Tool>
      <Tool label={T.deleteScript} disabled={busy} onClick={props.onDelete}>
        <DeleteIcon fontSize="small" />
      </Tool>
    </Stack>
  );
}
