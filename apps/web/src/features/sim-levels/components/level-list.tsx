import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import {
  Box,
  Button,
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
  AUTHORING_MESSAGES,
  LEVEL_NAMES,
  LEVEL_RULE_MESSAGES,
  maxLevelsOf,
  CREATE_LEVELS_TEXTS as T,
  type TFullLevel,
  takenLevelName,
} from '@sim/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import type { TFullSim } from '../api/full-details';
import { useAddLevel, useDeleteLevel, useRenameLevel } from '../api/level-actions';
import { useEditAccess } from '../lib/edit-access';
import { CopyHintsDialog, GenerateSimDialog, LevelSettingsDialog, PassCriteriaDialog } from '../script-tools';
import { type LevelDialog, LevelItem } from './level-item';
import { LevelNameDialog } from './level-name-dialog';
import type { Notify } from './notify';

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

/**
 * The name a new level is offered: the next of the spec's level names, else 'Level N', skipping a name a
 * level of the sim already has.
 */
export function nextLevelName(levels: readonly { name: string }[] = []): string {
  const count = levels.length;
  const candidates = [
    ...LEVEL_NAMES.slice(count),
    ...Array.from({ length: count + 2 }, (_, i) => T.levelFallbackName(count + 1 + i)),
  ];
  return candidates.find((name) => takenLevelName([name], levels) === null) ?? T.levelFallbackName(count + 1);
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
  const { readOnly, reason } = useEditAccess();
  // a hiring sim has one level, a training sim at most 5 (authoring.md sections 1 and 5)
  const hiring = sim.sim_type === 'hiring';
  const full = levels.length >= maxLevelsOf(sim.sim_type);
  const addOff = readOnly
    ? reason
    : full
      ? hiring
        ? LEVEL_RULE_MESSAGES.hiringOneLevelHint
        : AUTHORING_MESSAGES.maxLevels
      : '';
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
          <LevelItem
            key={level._id}
            level={level}
            selected={level._id === selectedId}
            criteria={sim.pass_fail?.sim_level_id === level._id}
            onSelect={() => onSelect(level._id)}
            onOpen={(kind) => open(kind, level)}
          />
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
        <Tooltip title={addOff}>
          <Box component="span" sx={{ display: 'block' }}>
            <Button
              fullWidth
              variant="outlined"
              disabled={addOff !== ''}
              onClick={() => {
                add.reset();
                setAdding(true);
              }}
            >
              {T.addLevel}
            </Button>
          </Box>
        </Tooltip>
        <Tooltip title={addOff}>
          <Box component="span" sx={{ display: 'block' }}>
            <Button
              fullWidth
              variant="contained"
              startIcon={<AutoAwesomeIcon />}
              disabled={addOff !== ''}
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
          initial={nextLevelName(levels)}
          levels={levels}
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
          levels={levels}
          levelId={dialog.level._id}
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
