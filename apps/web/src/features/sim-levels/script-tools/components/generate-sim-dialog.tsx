import {
  Alert,
  Button,
  Checkbox,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  AUTHORING_MESSAGES,
  GENERATE_FLAGS,
  type GenerateFlag,
  LEVEL_RULE_MESSAGES,
  SCRIPT_TOOLS_MESSAGES,
  SCRIPT_TOOLS_TEXTS as T,
} from '@sim/shared';
import { useState } from 'react';
import { errorMessage } from '../../../../lib/api-client';
import { useGenerateSim } from '../api/generate-sim';
import type { GenerateSimDialogProps } from '../lib/dialog-props';
import { type GenerateRow, generateSettings, initialRows, levelsAfter, tooManyLevels } from '../lib/generate-form';
import { BusyButton, ToolBody, ToolDialog } from './tool-dialog';

/**
 * Generate Sim (authoring.md sections 4 and 5; DECISIONS.md section 3): the scripts of level 1 are copied
 * into the chosen generated levels with fixed names, each with its transforms. Generate is disabled with
 * 'More than 5 levels are not allowed for a sim.' when the sim would have more than 5 levels.
 */
export function GenerateSimDialog({ open, sim, onClose, onGenerated }: GenerateSimDialogProps) {
  return (
    <ToolDialog open={open} title={T.generateTitle} onClose={onClose} maxWidth="lg">
      <GenerateSim sim={sim} onClose={onClose} onGenerated={onGenerated} />
    </ToolDialog>
  );
}

function GenerateSim({ sim, onClose, onGenerated }: Omit<GenerateSimDialogProps, 'open'>) {
  const [rows, setRows] = useState<GenerateRow[]>(() => initialRows(sim.levels));
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const generate = useGenerateSim();
  const existing = sim.levels.length;
  const tooMany = tooManyLevels(existing, rows);
  const chosen = rows.some((r) => r.include);

  const update = (index: number, change: Partial<GenerateRow>) =>
    setRows((list) => list.map((r, i) => (i === index ? { ...r, ...change } : r)));

  const onGenerate = async () => {
    setError(null);
    try {
      await generate.mutateAsync({ sim_id: sim._id, levelId: generateSettings(rows) });
      setDone(true);
      onGenerated();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  if (done)
    return (
      <ToolBody actions={<Button onClick={onClose}>{T.close}</Button>}>
        <Alert severity="success">{AUTHORING_MESSAGES.levelsGenerated}</Alert>
      </ToolBody>
    );

  return (
    <ToolBody
      actions={
        <>
          <Button onClick={onClose}>{T.cancel}</Button>
          <BusyButton busy={generate.isPending} disabled={tooMany || !chosen} onClick={() => void onGenerate()}>
            {T.generate}
          </BusyButton>
        </>
      }
    >
      <Typography variant="body2" sx={{ mb: 2 }}>
        {T.generateIntro}
      </Typography>
      <TableContainer>
        <Table size="small" aria-label={T.generateTitle}>
          <TableHead>
            <TableRow>
              <TableCell />
              {GENERATE_FLAGS.map((flag) => (
                <TableCell key={flag} align="center">
                  {T.generateFlagLabels[flag]}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, index) => (
              <TableRow key={row.name}>
                <TableCell component="th" scope="row">
                  <Checkbox
                    checked={row.include}
                    disabled={row.taken}
                    onChange={(e) => update(index, { include: e.target.checked })}
                    slotProps={{ input: { 'aria-label': T.generateLevel(row.name) } }}
                  />
                  {row.name}
                  {row.taken && (
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', pl: 5.5 }}>
                      {LEVEL_RULE_MESSAGES.nameTaken}
                    </Typography>
                  )}
                </TableCell>
                {GENERATE_FLAGS.map((flag: GenerateFlag) => (
                  <TableCell key={flag} align="center">
                    <Checkbox
                      checked={row[flag]}
                      disabled={!row.include}
                      onChange={(e) => update(index, { [flag]: e.target.checked })}
                      slotProps={{ input: { 'aria-label': T.flagOf(T.generateFlagLabels[flag], row.name) } }}
                    />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Typography variant="body2" sx={{ mt: 2 }}>
        {T.levelsAfter(levelsAfter(existing, rows))}
      </Typography>
      {tooMany ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {AUTHORING_MESSAGES.maxLevels}
        </Alert>
      ) : null}
      {!chosen ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {SCRIPT_TOOLS_MESSAGES.chooseGeneratedLevel}
        </Alert>
      ) : null}
      {error ? (
        <Alert severity="error" closeText={T.dismiss} onClose={() => setError(null)} sx={{ mt: 2 }}>
          {error}
        </Alert>
      ) : null}
    </ToolBody>
  );
}
