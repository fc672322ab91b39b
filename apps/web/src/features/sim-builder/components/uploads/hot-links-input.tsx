import Cancel from '@mui/icons-material/Cancel';
import { Box, Chip, IconButton, Link, Stack, TextField, Typography } from '@mui/material';
import { AUTHORING_LIMITS, BUILDER_UPLOAD_TEXTS as T } from '@sim/shared';
import { useState } from 'react';
import { linkProblem } from './hot-links';

interface HotLinksInputProps {
  links: string[];
  onChange: (links: string[]) => void;
  /** the read-only builder: the links can be opened, not changed; why (the tooltip) */
  locked?: string | null;
}

/** URL link tags (hot_links): added with Enter, unique, removable; saved with the sim. */
export function HotLinksInput({ links, onChange, locked = null }: HotLinksInputProps) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const add = () => {
    const link = text.trim();
    if (link === '') return;
    const refusal = linkProblem(links, link);
    if (refusal) {
      setProblem(refusal);
      return;
    }
    setProblem(null);
    setText('');
    onChange([...links, link]);
  };

  return (
    <Stack spacing={1} component="section" aria-label={T.links}>
      <Typography variant="subtitle2" component="h3">
        {T.links}
      </Typography>
      <TextField
        disabled={locked !== null}
        label={T.linkInput}
        value={text}
        size="small"
        onChange={(e) => {
          setText(e.target.value);
          if (problem) setProblem(null);
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          // Enter adds the link; it must not submit the Basic Information form
          e.preventDefault();
          add();
        }}
        error={problem !== null}
        helperText={problem ?? T.linkHint}
        slotProps={{ htmlInput: { maxLength: AUTHORING_LIMITS.hotLinkMax, inputMode: 'url' } }}
        fullWidth
      />
      {links.length > 0 && (
        <Box component="ul" aria-label={T.links} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0 }}>
          {links.map((link) => (
            <Box component="li" key={link} sx={{ listStyle: 'none', maxWidth: '100%' }}>
              <Chip
                sx={{ maxWidth: '100%', pr: 0.5 }}
                label={
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
                    <Link
                      href={link}
                      target="_blank"
                      rel="noopener noreferrer"
                      underline="hover"
                      color="inherit"
                      noWrap
                      sx={{ minWidth: 0 }}
                    >
                      {link}
                    </Link>
                    {locked === null && (
                      <IconButton
                        size="small"
                        aria-label={T.removeNamed(link)}
                        onClick={() => onChange(links.filter((l) => l !== link))}
                        sx={{ p: 0.25 }}
                      >
                        <Cancel fontSize="small" />
                      </IconButton>
                    )}
                  </Stack>
                }
              />
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );
}
