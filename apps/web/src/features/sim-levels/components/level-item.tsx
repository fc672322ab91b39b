import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import RuleIcon from '@mui/icons-material/Rule';
import SettingsIcon from '@mui/icons-material/Settings';
import { Chip, IconButton, ListItem, ListItemButton, ListItemText, Stack, Tooltip } from '@mui/material';
import { PASS_CRITERIA_TEXTS as P, CREATE_LEVELS_TEXTS as T, type TFullLevel } from '@sim/shared';
import type { ReactNode } from 'react';
import { lockedTitle, useEditAccess } from '../lib/edit-access';

export type LevelDialog = 'rename' | 'delete' | 'settings' | 'criteria' | 'hints';

const chipSx = { ml: 1, height: 20, fontSize: '0.7rem' } as const;

function LevelTool({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  const access = useEditAccess();
  return (
    <Tooltip title={lockedTitle(access, label)}>
      <span>
        <IconButton size="small" aria-label={label} disabled={access.readOnly} onClick={onClick}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

interface LevelItemProps {
  level: TFullLevel;
  selected: boolean;
  /** the level carries the sim's pass criteria: its badge */
  criteria: boolean;
  onSelect: () => void;
  onOpen: (dialog: LevelDialog) => void;
}

/** A level of the left column: its name, script count, SIM GENERATED and pass-criteria badges, and its tools. */
export function LevelItem({ level, selected, criteria, onSelect, onOpen }: LevelItemProps) {
  return (
    <ListItem disablePadding sx={{ display: 'block', mb: 1 }}>
      <ListItemButton selected={selected} onClick={onSelect} sx={{ borderRadius: 1 }}>
        <ListItemText
          primary={level.name}
          secondary={
            <>
              {T.scriptCount(level.scripts.length)}
              {level.sim_generated && (
                <Chip component="span" size="small" color="secondary" label={T.simGenerated} sx={chipSx} />
              )}
              {criteria && (
                <Tooltip title={P.badgeHint}>
                  <Chip
                    component="span"
                    size="small"
                    color="success"
                    icon={<RuleIcon />}
                    label={P.badge}
                    data-testid="pass-criteria-badge"
                    sx={chipSx}
                  />
                </Tooltip>
              )}
            </>
          }
          slotProps={{ primary: { sx: { fontWeight: 600 } } }}
        />
      </ListItemButton>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <LevelTool label={T.renameLevelOf(level.name)} onClick={() => onOpen('rename')}>
          <EditIcon fontSize="small" />
        </LevelTool>
        <LevelTool label={T.settingsOf(level.name)} onClick={() => onOpen('settings')}>
          <SettingsIcon fontSize="small" />
        </LevelTool>
        <LevelTool label={T.passCriteriaOf(level.name)} onClick={() => onOpen('criteria')}>
          <RuleIcon fontSize="small" />
        </LevelTool>
        <LevelTool label={T.copyHintsOf(level.name)} onClick={() => onOpen('hints')}>
          <ContentCopyIcon fontSize="small" />
        </LevelTool>
        <LevelTool label={T.deleteLevelOf(level.name)} onClick={() => onOpen('delete')}>
          <DeleteIcon fontSize="small" />
        </LevelTool>
      </Stack>
    </ListItem>
  );
}
