import { Button, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useRef } from 'react';
import { PermissionTooltip } from '../../../../components/permission-tooltip';

interface FilePickerHeaderProps {
  title: ReactNode;
  buttonLabel: string;
  accept: string;
  inputLabel: string;
  disabled: boolean;
  /** the read-only builder: why the button is off (its tooltip) */
  locked?: string | null;
  onFile: (file: File | undefined) => void;
}

/** The heading of an upload control with its choose-a-file button (the file input itself is hidden). */
export function FilePickerHeader({
  title,
  buttonLabel,
  accept,
  inputLabel,
  disabled: busy,
  locked = null,
  onFile,
}: FilePickerHeaderProps) {
  const input = useRef<HTMLInputElement>(null);
  const disabled = busy || locked !== null;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Typography variant="subtitle2" component="h3" sx={{ flexGrow: 1 }}>
        {title}
      </Typography>
      <PermissionTooltip allowed={locked === null} title={locked ?? ''}>
        <Button variant="outlined" size="small" disabled={disabled} onClick={() => input.current?.click()}>
          {buttonLabel}
        </Button>
      </PermissionTooltip>
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
