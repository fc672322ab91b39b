import SearchIcon from '@mui/icons-material/Search';
import { Button, InputAdornment, Stack, TextField } from '@mui/material';
import { ADMIN_TEXTS } from '@sim/shared';
import { useEffect, useState } from 'react';

interface SearchBoxProps {
  value: string;
  onSearch: (text: string) => void;
  label?: string;
}

/** A search field that searches on Enter or with its button (the server does the searching). */
export function SearchBox({ value, onSearch, label = ADMIN_TEXTS.search }: SearchBoxProps) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <Stack
      component="form"
      role="search"
      direction="row"
      spacing={1}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <TextField
        size="small"
        label={label}
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Button type="submit" variant="outlined">
        {ADMIN_TEXTS.searchButton}
      </Button>
    </Stack>
  );
}
