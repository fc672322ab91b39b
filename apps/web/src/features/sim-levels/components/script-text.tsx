import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { AUTHORING_LIMITS, AUTHORING_MESSAGES, CREATE_LEVELS_TEXTS as T } from '@sim/shared';
import { useState } from 'react';
import { highlightSegments } from '../lib/keywords';

/** The script text as shown: keyword matches marked, case-insensitively (authoring.md section 2). */
export function HighlightedText({ text, keywords }: { text: string; keywords: readonly string[] }) {
  return (
    <Typography
      component="p"
      variant="body2"
      data-testid="script-text"
      sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', m: 0 }}
    >
      {highlightSegments(text, keywords).map((segment) =>
        segment.match ? (
          <Box
            component="mark"
            key={segment.start}
            sx={{ bgcolor: 'warning.light', color: 'inherit', px: 0.25, borderRadius: 0.5 }}
          >
            {segment.text}
          </Box>
        ) : (
          <span key={segment.start}>{segment.text}</span>
        ),
      )}
    </Typography>
  );
}

interface ScriptTextEditorProps {
  initial: string;
  label: string;
  busy: boolean;
  /** select the whole text on opening */
  selectAll?: boolean;
  /** shown while the field is empty (a draft line) */
  placeholder?: string;
  /** under the field while it has no error */
  helper?: string;
  onSave: (text: string) => void;
  onCancel: () => void;
}

/** Editing a script's text: 5 rows, Save and Cancel; the text is required (authoring.md section 5). */
export function ScriptTextEditor({
  initial,
  label,
  busy,
  selectAll = false,
  placeholder,
  helper,
  onSave,
  onCancel,
}: ScriptTextEditorProps) {
  const [text, setText] = useState(initial);
  const [touched, setTouched] = useState(false);
  const empty = text.trim() === '';
  const save = () => {
    setTouched(true);
    if (!empty) onSave(text.trim());
  };
  return (
    <Stack spacing={1}>
      <TextField
        label={label}
        multiline
        rows={5}
        value={text}
        autoFocus
        required
        onChange={(e) => setText(e.target.value)}
        onBlur={() => setTouched(true)}
        error={touched && empty}
        placeholder={placeholder}
        helperText={touched && empty ? AUTHORING_MESSAGES.scriptRequired : helper}
        slotProps={{ htmlInput: { maxLength: AUTHORING_LIMITS.scriptMax } }}
        onFocus={selectAll ? (e) => e.target.select() : undefined}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={busy}>
          {T.cancel}
        </Button>
        <Button variant="contained" onClick={save} disabled={busy || (touched && empty)}>
          {T.save}
        </Button>
      </Stack>
    </Stack>
  );
}
