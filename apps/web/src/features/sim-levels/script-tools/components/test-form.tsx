import {
  Box,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { parseConfidence, SCRIPT_TOOLS_TEXTS as T, type TScript, type TTest } from '@sim/shared';
import { useId, useState } from 'react';
import { useKeywordEntry } from '../lib/keyword-entry';
import { draftOf, emptyTestDraft, type TestDraft, type TestFormErrors, testFormErrors, testOf } from '../lib/test-form';
import { KeywordTagInput } from './keyword-tag-input';
import { BusyButton } from './tool-dialog';

type StoredTest = TScript['tests'][number];

interface TestFormProps {
  /** the test to edit; null for a new one */
  test: StoredTest | null;
  saving: boolean;
  deleting: boolean;
  onSave: (test: TTest) => void;
  /** asks to delete the test (existing tests only) */
  onDelete?: () => void;
}

/**
 * The Test form (authoring.md sections 2 and 5): Name, Phrasing (Flexible or Strict), Coach Intention,
 * keywords and, for flexible tests only, Confidence % (an integer; non-numeric input is 0).
 */
export function TestForm({ test, saving, deleting, onSave, onDelete }: TestFormProps) {
  const [draft, setDraft] = useState<TestDraft>(() => (test ? draftOf(test) : emptyTestDraft()));
  const entry = useKeywordEntry(test?.keywords ?? []);
  const [errors, setErrors] = useState<TestFormErrors>({});
  const headingId = useId();
  const set = (change: Partial<TestDraft>) => setDraft((d) => ({ ...d, ...change }));

  const submit = () => {
    const keywords = entry.text.trim() === '' ? entry.tags : entry.commit();
    if (keywords === null) return;
    const found = testFormErrors(draft, keywords);
    setErrors(found);
    if (found.name || found.keywords) return;
    onSave(testOf(draft, keywords));
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ mb: 2 }}>
        {test ? test.name : T.newTest}
      </Typography>
      <Stack spacing={2}>
        <TextField
          label={T.testName}
          value={draft.name}
          onChange={(e) => set({ name: e.target.value })}
          required
          error={Boolean(errors.name)}
          helperText={errors.name}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <FormControl>
          <FormLabel id={`${headingId}-phrasing`}>{T.phrasing}</FormLabel>
          <RadioGroup
            row
            aria-labelledby={`${headingId}-phrasing`}
            value={draft.isFlexible ? 'flexible' : 'strict'}
            onChange={(e) => set({ isFlexible: e.target.value === 'flexible' })}
          >
            <FormControlLabel value="flexible" control={<Radio />} label={T.flexible} />
            <FormControlLabel value="strict" control={<Radio />} label={T.strict} />
          </RadioGroup>
        </FormControl>
        <TextField
          label={T.coachIntention}
          value={draft.coachFeedback}
          onChange={(e) => set({ coachFeedback: e.target.value })}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <KeywordTagInput entry={entry} label={T.keywordInput} error={errors.keywords} />
        {draft.isFlexible ? (
          <TextField
            label={T.confidence}
            value={draft.confidence}
            onChange={(e) => set({ confidence: e.target.value })}
            onBlur={() => set({ confidence: String(parseConfidence(draft.confidence)) })}
            sx={{ maxWidth: 200 }}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        ) : null}
        <Stack direction="row" spacing={1} justifyContent="flex-end">
          {onDelete ? (
            <BusyButton busy={deleting} disabled={saving} variant="outlined" color="error" onClick={onDelete}>
              {T.deleteTest}
            </BusyButton>
          ) : null}
          <BusyButton busy={saving} disabled={deleting} onClick={submit}>
            {T.saveTest}
          </BusyButton>
        </Stack>
      </Stack>
    </Box>
  );
}
