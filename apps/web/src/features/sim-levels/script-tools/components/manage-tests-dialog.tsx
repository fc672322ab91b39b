import AddIcon from '@mui/icons-material/Add';
import { Alert, Button, IconButton, Stack, Tooltip } from '@mui/material';
import { SCRIPT_TOOLS_MESSAGES as M, SCRIPT_TOOLS_TEXTS as T, type TScript, type TTest } from '@sim/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { TimedAlert, useTimedAlert } from '../../../../components/timed-alert';
import { errorMessage } from '../../../../lib/api-client';
import { useSaveScriptFields } from '../api/save-script';
import type { ScriptDialogProps } from '../lib/dialog-props';
import { testsForSave } from '../lib/test-form';
import { TestForm } from './test-form';
import { ToolBody, ToolDialog } from './tool-dialog';
import { TryTestDialog } from './try-test-dialog';

/**
 * Manage Tests (authoring.md section 2): one button per test, '+' to add one, Try Out; the Test form to
 * add, edit and delete tests. Every change saves the script's whole test list (POST scripts, tests).
 */
export function ManageTestsDialog({ open, simId, script, onClose, onSaved }: ScriptDialogProps) {
  return (
    <ToolDialog open={open} title={T.manageTestsTitle} onClose={onClose} maxWidth="md">
      <ManageTests simId={simId} script={script} onClose={onClose} onSaved={onSaved} />
    </ToolDialog>
  );
}

type Selection = number | 'new';

function ManageTests({ simId, script, onClose, onSaved }: Omit<ScriptDialogProps, 'open'>) {
  const [tests, setTests] = useState<TScript['tests']>(script.tests);
  const [selected, setSelected] = useState<Selection>(script.tests.length > 0 ? 0 : 'new');
  const [tryOpen, setTryOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const notice = useTimedAlert();
  const save = useSaveScriptFields();
  const [pending, setPending] = useState<'save' | 'delete' | null>(null);

  const store = async (next: TTest[], kind: 'save' | 'delete', select: (saved: TScript['tests']) => Selection) => {
    setError(null);
    setPending(kind);
    try {
      const response = await save.mutateAsync({ _id: script._id, sim_id: simId, tests: next });
      setTests(response.script.tests);
      setSelected(select(response.script.tests));
      notice.show('success', kind === 'save' ? M.testSaved : M.testDeleted);
      onSaved();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(null);
      setConfirmDelete(false);
    }
  };

  const onSave = (test: TTest) => {
    const current = testsForSave(tests);
    if (selected === 'new') void store([...current, test], 'save', (saved) => saved.length - 1);
    else
      void store(
        current.map((t, i) => (i === selected ? test : t)),
        'save',
        () => selected,
      );
  };

  const onDelete = () => {
    if (selected === 'new') return;
    const next = testsForSave(tests).filter((_, i) => i !== selected);
    void store(next, 'delete', (saved) => (saved.length > 0 ? 0 : 'new'));
  };

  const current = selected === 'new' ? null : (tests[selected] ?? null);

  return (
    <ToolBody actions={<Button onClick={onClose}>{T.close}</Button>}>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        flexWrap="wrap"
        alignItems="center"
        role="group"
        aria-label={T.tests}
      >
        {tests.map((t, i) => (
          <Button
            // biome-ignore lint/suspicious/noArrayIndexKey: tests have no id; names may repeat
            key={i}
            variant={selected === i ? 'contained' : 'outlined'}
            aria-pressed={selected === i}
            onClick={() => setSelected(i)}
          >
            {t.name}
          </Button>
        ))}
        <Tooltip title={T.addTest}>
          <IconButton aria-label={T.addTest} aria-pressed={selected === 'new'} onClick={() => setSelected('new')}>
            <AddIcon />
          </IconButton>
        </Tooltip>
        <Button variant="text" onClick={() => setTryOpen(true)} sx={{ ml: 'auto' }}>
          {T.tryOut}
        </Button>
      </Stack>
      {tests.length === 0 ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {T.noTestsYet}
        </Alert>
      ) : null}
      <TimedAlert alert={notice.alert} />
      {error ? (
        <Alert severity="error" closeText={T.dismiss} onClose={() => setError(null)} sx={{ mt: 2 }}>
          {error}
        </Alert>
      ) : null}
      <TestForm
        key={selected === 'new' ? `new:${tests.length}` : `${selected}:${current?.name}`}
        test={current}
        saving={pending === 'save'}
        deleting={pending === 'delete'}
        onSave={onSave}
        onDelete={current ? () => setConfirmDelete(true) : undefined}
      />
      <ConfirmDialog
        open={confirmDelete}
        title={T.deleteTestTitle}
        message={T.deleteTestMessage(current?.name ?? '')}
        confirmLabel={T.deleteConfirm}
        busy={pending === 'delete'}
        onConfirm={onDelete}
        onCancel={() => setConfirmDelete(false)}
      />
      <TryTestDialog
        open={tryOpen}
        simId={simId}
        script={{ ...script, tests }}
        onClose={() => setTryOpen(false)}
        onSaved={onSaved}
      />
    </ToolBody>
  );
}
