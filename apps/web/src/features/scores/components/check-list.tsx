import { Box, Button, Checkbox, FormControlLabel, Stack, Tooltip, Typography } from '@mui/material';
import { SCORE_TEXTS } from '@sim/shared';
import { useId, useState } from 'react';
import { shownItems } from '../lib/show-all';

export interface CheckItem {
  id: string;
  label: string;
  /** the whole text when the label is cut */
  title?: string;
}

interface CheckListProps {
  title: string;
  items: readonly CheckItem[];
  checked: readonly string[];
  emptyText: string;
  onToggle: (id: string, checked: boolean) => void;
}

/** A titled list of checkboxes of the filter panel: the first 6, then Show all / Hide all (section 9). */
export function CheckList({ title, items, checked, emptyText, onToggle }: CheckListProps) {
  const [expanded, setExpanded] = useState(false);
  const headingId = useId();
  const shown = shownItems(items, expanded, (item) => checked.includes(item.id));
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
        {title}
      </Typography>
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {emptyText}
        </Typography>
      ) : (
        <Stack role="group" aria-labelledby={headingId}>
          {shown.items.map((item) => {
            const label = (
              <Typography variant="body2" component="span" sx={{ wordBreak: 'break-word' }}>
                {item.label}
              </Typography>
            );
            return (
              <FormControlLabel
                key={item.id}
                sx={{ mr: 0, alignItems: 'flex-start', '& .MuiCheckbox-root': { py: 0.25 } }}
                control={
                  <Checkbox
                    size="small"
                    checked={checked.includes(item.id)}
                    onChange={(event) => onToggle(item.id, event.target.checked)}
                    slotProps={{ input: { 'aria-label': item.title ?? item.label } }}
                  />
                }
                label={item.title ? <Tooltip title={item.title}>{label}</Tooltip> : label}
              />
            );
          })}
        </Stack>
      )}
      {shown.toggle ? <ShowAllToggle expanded={expanded} onToggle={() => setExpanded((v) => !v)} /> : null}
    </Box>
  );
}

/** Show all / Hide all under a filter list. */
export function ShowAllToggle({ expanded, onToggle }: { expanded: boolean; onToggle: () => void }) {
  return (
    <Button size="small" onClick={onToggle} aria-expanded={expanded} sx={{ px: 0.5 }}>
      {expanded ? SCORE_TEXTS.hideAll : SCORE_TEXTS.showAll}
    </Button>
  );
}
