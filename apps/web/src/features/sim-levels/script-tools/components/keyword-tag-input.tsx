import CancelIcon from '@mui/icons-material/Cancel';
import { Alert, Box, Chip, TextField, Typography } from '@mui/material';
import { GRADING_MESSAGES, SCRIPT_TOOLS_MESSAGES, SCRIPT_TOOLS_TEXTS as T } from '@sim/shared';
import type { KeywordEntryState } from '../lib/keyword-entry';

interface KeywordTagInputProps {
  entry: KeywordEntryState;
  label: string;
  /** a form error under the field, e.g. 'Please enter at least one keyword' */
  error?: string;
  autoFocus?: boolean;
  disabled?: boolean;
}

/**
 * The keyword tag input: Enter adds what was typed (split on commas, trimmed, unique, one operator & or |
 * per keyword); each tag can be removed. A refused entry shows its message for 3 seconds.
 */
export function KeywordTagInput({ entry, label, error, autoFocus, disabled }: KeywordTagInputProps) {
  return (
    <Box>
      <TextField
        label={label}
        value={entry.text}
        onChange={(e) => entry.setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            entry.commit();
          }
        }}
        autoFocus={autoFocus}
        disabled={disabled}
        fullWidth
        error={Boolean(error)}
        helperText={error ?? GRADING_MESSAGES.keywordHint}
      />
      {entry.problem ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {entry.problem}
        </Alert>
      ) : null}
      {entry.duplicates.length > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {SCRIPT_TOOLS_MESSAGES.duplicateKeywords(entry.duplicates.join(', '))}
        </Typography>
      ) : null}
      <Box
        component="ul"
        aria-label={label}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mt: 1 }}
      >
        {entry.tags.map((keyword) => (
          <li key={keyword}>
            <Chip
              label={keyword}
              onDelete={disabled ? undefined : () => entry.remove(keyword)}
              deleteIcon={<CancelIcon titleAccess={T.removeKeyword(keyword)} />}
            />
          </li>
        ))}
      </Box>
      {entry.tags.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {T.noKeywords}
        </Typography>
      ) : null}
    </Box>
  );
}
