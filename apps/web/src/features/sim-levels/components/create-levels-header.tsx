import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import PrintIcon from '@mui/icons-material/Print';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, Button, CircularProgress, Stack, Tooltip, Typography } from '@mui/material';
import {
  AUTHORING_MESSAGES,
  AUTHORING_TEXTS,
  LEVEL_RULE_MESSAGES,
  maxLevelsOf,
  CREATE_LEVELS_TEXTS as T,
} from '@sim/shared';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { exportLevel, useDuplicateSim } from '../api/sim-actions';
import { useEditAccess } from '../lib/edit-access';
import type { Notify } from './notify';

interface CreateLevelsHeaderProps {
  simId: string;
  /** the selected level, when it is saved */
  levelId: string | null;
  /** a hiring sim has one level: Import adds none to it */
  simType: string;
  levelCount: number;
  canPreview: boolean;
  levelHasScripts: boolean;
  nextBusy: boolean;
  onImport: () => void;
  onBack: () => void;
  onNext: () => void;
  notify: Notify;
}

export const previewUrl = (simId: string) => `/sims/preview?simId=${encodeURIComponent(simId)}`;
export const printUrl = (simId: string, levelId: string) =>
  `/sims/print?simId=${encodeURIComponent(simId)}&levelId=${encodeURIComponent(levelId)}`;

function HeaderButton({
  hint,
  disabled,
  onClick,
  icon,
  children,
}: {
  hint: string;
  disabled?: boolean;
  onClick: () => void;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Tooltip title={hint}>
      <span>
        <Button size="small" variant="outlined" startIcon={icon} disabled={disabled} onClick={onClick}>
          {children}
        </Button>
      </span>
    </Tooltip>
  );
}

/** The header of Create Levels: PREVIEW, Duplicate Sim, Import, export, Print, back and NEXT. */
export function CreateLevelsHeader(props: CreateLevelsHeaderProps) {
  const { simId, levelId, notify } = props;
  const duplicate = useDuplicateSim();
  const access = useEditAccess();
  const hiringFull = props.simType === 'hiring' && props.levelCount >= maxLevelsOf('hiring');
  const importOff = access.readOnly ? access.reason : hiringFull ? LEVEL_RULE_MESSAGES.hiringOneLevelHint : null;

  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={1}
      sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between', mb: 2 }}
    >
      <Typography variant="h6" component="h2">
        {T.title}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <HeaderButton
          hint={props.canPreview ? T.previewHint : T.previewDisabled}
          disabled={!props.canPreview}
          icon={<VisibilityIcon />}
          onClick={() => window.open(previewUrl(simId), '_blank', 'noopener')}
        >
          {T.preview}
        </HeaderButton>
        <HeaderButton
          hint={access.canCreate ? T.duplicateSim : AUTHORING_TEXTS.noPermissionCreate}
          disabled={!access.canCreate || duplicate.isPending}
          icon={duplicate.isPending ? <CircularProgress size={16} /> : <ContentCopyIcon />}
          onClick={() =>
            duplicate.mutate(simId, {
              onSuccess: () => notify('success', AUTHORING_MESSAGES.duplicated),
              onError: () => notify('error', AUTHORING_MESSAGES.duplicateFailed),
            })
          }
        >
          {T.duplicateSim}
        </HeaderButton>
        <HeaderButton
          hint={importOff ?? T.importTitle}
          disabled={importOff !== null}
          icon={<FileUploadIcon />}
          onClick={props.onImport}
        >
          {T.import}
        </HeaderButton>
        <HeaderButton
          hint={T.exportLevelHint}
          disabled={!levelId}
          icon={<FileDownloadIcon />}
          onClick={() => {
            if (levelId) exportLevel(levelId).catch((error: unknown) => notify('error', errorMessage(error)));
          }}
        >
          {T.exportLevel}
        </HeaderButton>
        <HeaderButton
          hint={T.printHint}
          disabled={!levelId || !props.levelHasScripts}
          icon={<PrintIcon />}
          onClick={() => {
            if (levelId) window.open(printUrl(simId, levelId), '_blank', 'noopener');
          }}
        >
          {T.print}
        </HeaderButton>
        <Box sx={{ width: 8 }} />
        <Button variant="outlined" onClick={props.onBack}>
          {T.back}
        </Button>
        <Button
          variant="contained"
          disabled={props.nextBusy}
          onClick={props.onNext}
          startIcon={props.nextBusy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {T.next}
        </Button>
      </Stack>
    </Stack>
  );
}
