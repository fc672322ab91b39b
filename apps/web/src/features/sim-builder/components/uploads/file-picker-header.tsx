import { Button, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useRef } from 'react';

interface FilePickerHeaderProps {
  title: ReactNode;
  buttonLabel: string;
  accept: string;
  inputLabel: string;
  disabled: boolean;
  onFile: (file: File | undefined) => void;
}

/** The heading of an upload control with its choose-a-file button (the file input itself is hidden). */
export function FilePickerHeader({ title, buttonLabel, accept, inputLabel, disabled, onFile }: FilePickerHeaderProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Typography variant="subtitle2" component="h3" sx={{ flexGrow: 1 }}>
        {title}
      </Typography>
      <Button variant="outlined" size="small" disabled={disabled} onClick={() => input.current?.click()}>
        {buttonLabel}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        aria-label={inputLabel}
        disabled={disabled}
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </Stack>
  );
}
