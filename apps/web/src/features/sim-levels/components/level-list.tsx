import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import RuleIcon from '@mui/icons-material/Rule';
import SettingsIcon from '@mui/icons-material/Settings';
import {
  Box,
  Button,
  Chip,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  AUTHORING_LIMITS,
  AUTHORING_MESSAGES,
  LEVEL_NAMES,
  CREATE_LEVELS_TEXTS as T,
  type TFullLevel,
} from '@sim/shared';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import type { TFullSim } from '../api/full-details';
import { useAddLevel, useDeleteLevel, useRenameLevel } from '../api/level-actions';
import { CopyHintsDialog, GenerateSimDialog, LevelSettingsDialog, PassCriteriaDialog } from '../script-tools';
import { LevelNameDialog } from './level-name-dialog';
import type { Notify } from './notify';

type LevelDialog = 'rename' | 'delete' | 'settings' | 'criteria' | 'hints';

interface LevelListProps {
  sim: TFullSim;
  levels: TFullLevel[];
  selectedId: string | null;
  /** the name of the level not saved yet, shown while the sim has no level */
  draftName: string | null;
  onSelect: (levelId: string) => void;
  notify: Notify;
  onChanged: () => void;
}

/** The name a new level is offered: the next of the spec's level names, else 'Level N'. */
export function nextLevelName(count: number): string {
  return LEVEL_NAMES[count] ?? T.levelFallbackName(count + 1);
}

function LevelTool({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        {children}
      </IconButton>
    </Tooltip>
  );
}

/**
 * The left column: the sim's levels (the SIM GENERATED label on generated ones), '+ ADD A LEVEL', per level
 * rename, Settings, pass criteria, copy hints and delete, and Generate Sim.
 */
export function LevelList({ sim, levels, selectedId, draftName, onSelect, notify, onChanged }: LevelListProps) {
  const [dialog, setDialog] = useState<{ kind: LevelDialog; level: TFullLevel } | null>(null);
  const [adding, setAdding] = useState(false);
  const [generating, setGenerating] = useState(false);
  const add = useAddLevel(sim._id);
  const rename = useRenameLevel(sim._id);
  const remove = useDeleteLevel(sim._id);
  const full = levels.length >= AUTHORING_LIMITS.maxLevels;
  const close = () => setDialog(null);
  // the dialog's level as the latest refetch has it
  const current = dialog ? (levels.find((l) => l._id === dialog.level._id) ?? dialog.level) : null;
  const open = (kind: LevelDialog, level: TFullLevel) => {
    rename.reset();
    remove.reset();
    setDialog({ kind, level });
  };

  return (
    <Paper variant="outlined" component="section" aria-label={T.levels} sx={{ p: 2 }}>
      <Typography variant="h6" component="h3">
        {T.levels}
      </Typography>
      <List aria-label={T.levelsList} dense>
        {levels.map((level) => (
          <ListItem key={level._id} disablePadding sx={{ display: 'block', mb: 1 }}>
            <ListItemButton
              selected={level._id === selectedId}
              onClick={() => onSelect(level._id)}
              sx={{ borderRadius: 1 }}
            >
              <ListItemText
                primary={level.name}
                secondary={
                  <>
                    {T.scriptCount(level.scripts.length)}
                    {level.sim_generated && (
                      <Chip
                        component="span"
                        size="small"
                        color="secondary"
                        label={T.simGenerated}
                        sx={{ ml: 1, height: 20, fontSize: '0.7rem' }}
                      />
                    )}
                  </>
                }
                slotProps={{ primary: { sx: { fontWeight: 600 } } }}
              />
            </ListItemButton>
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <LevelTool label={T.renameLevelOf(level.name)} onClick={() => open('rename', level)}>
                <EditIcon fontSize="small" />
              </LevelTool>
              <LevelTool label={T.settingsOf(level.name)} onClick={() => open('settings', level)}>
                <SettingsIcon fontSize="small" />
              </LevelTool>
              <LevelTool label={T.passCriteriaOf(level.name)} onClick={() => open('criteria', level)}>
                <RuleIcon fontSize="small" />
              </LevelTool>
              <LevelTool label={T.copyHintsOf(level.name)} onClick={() => open('hints', level)}>
                <ContentCopyIcon fontSize="small" />
              </LevelTool>
              <LevelTool label={T.deleteLevelOf(level.name)} onClick={() => open('delete', level)}>
                <DeleteIcon fontSize="small" />
              </LevelTool>
            </Stack>
          </ListItem>
        ))}
        {draftName !== null && (
          <ListItem disablePadding>
            <ListItemButton selected>
              <ListItemText primary={draftName} secondary={T.notSaved} />
            </ListItemButton>
          </ListItem>
        )}
      </List>
      <Stack spacing={1}>
        <Tooltip title={full ? AUTHORING_MESSAGES.maxLevels : ''}>
          <Box component="span" sx={{ display: 'block' }}>
            <Button
              fullWidth
              variant="outlined"
              disabled={full}
              onClick={() => {
                add.reset();
                setAdding(true);
              }}
            >
              {T.addLevel}
            </Button>
          </Box>
        </Tooltip>
        <Tooltip title={full ? AUTHORING_MESSAGES.maxLevels : ''}>
          <Box component="span" sx={{ display: 'block' }}>
            <Button
              fullWidth
              variant="contained"
              startIcon={<AutoAwesomeIcon />}
              disabled={full}
              onClick={() => setGenerating(true)}
            >
              {T.generateSim}
            </Button>
          </Box>
        </Tooltip>
      </Stack>

      {adding && (
        <LevelNameDialog
          title={T.addLevelTitle}
          initial={nextLevelName(levels.length)}
          busy={add.isPending}
          error={add.isError ? errorMessage(add.error) : null}
          onClose={() => setAdding(false)}
          onSave={(name) =>
            add.mutate(
              { sim_id: sim._id, name },
              {
                onSuccess: (answer) => {
                  setAdding(false);
                  notify('success', answer.message);
                  onSelect(answer.level._id);
                },
              },
            )
          }
        />
      )}
      {dialog?.kind === 'rename' && (
        <LevelNameDialog
          title={T.editLevelName}
          initial={dialog.level.name}
          busy={rename.isPending}
          error={rename.isError ? errorMessage(rename.error) : null}
          onClose={close}
          onSave={(name) =>
            rename.mutate(
              { levelId: dialog.level._id, sim_id: sim._id, name },
              {
                onSuccess: (answer) => {
                  close();
                  notify('success', answer.message);
                },
              },
            )
          }
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={T.deleteLevel}
        message={T.deleteLevelMessage(dialog?.level.name ?? '')}
        confirmLabel={T.deleteConfirm}
        cancelLabel={T.cancel}
        busy={remove.isPending}
        error={
          remove.isError ? (
            <Typography color="error" variant="body2" sx={{ mt: 1 }}>
              {errorMessage(remove.error)}
            </Typography>
          ) : undefined
        }
        onCancel={close}
        onConfirm={() =>
          dialog &&
          remove.mutate(
            { sim_id: sim._id, level_id: dialog.level._id },
            {
              onSuccess: (answer) => {
                close();
                notify('success', answer.message);
              },
            },
          )
        }
      />
      {dialog?.kind === 'settings' && (
        <LevelSettingsDialog open sim={sim} level={current ?? dialog.level} onClose={close} onChanged={onChanged} />
      )}
      {dialog?.kind === 'criteria' && (
        <PassCriteriaDialog open sim={sim} level={current ?? dialog.level} onClose={close} onChanged={onChanged} />
      )}
      {dialog?.kind === 'hints' && (
        <CopyHintsDialog open sim={sim} level={current ?? dialog.level} onClose={close} onChanged={onChanged} />
      )}
      {generating && <GenerateSimDialog open sim={sim} onClose={() => setGenerating(false)} onGenerated={onChanged} />}
    </Paper>
  );
}
