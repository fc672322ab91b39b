import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import { Box, Button, Checkbox, FormControlLabel, FormGroup, Popover, Typography } from '@mui/material';
import { DATA_TABLE_TEXTS as T } from '@sim/shared';
import { useId, useState } from 'react';
import type { DataTableModel } from './use-data-table';

/**
 * "Columns": which of the columns that may be hidden are in the table (a checkbox each, in the table's
 * order). The choice is kept per table in local storage; the columns not shown are in each row's details.
 */
export function ColumnChooser<T>({ model }: { model: DataTableModel<T> }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const titleId = useId();
  if (model.choices.length === 0) return null;
  const hiddenCount = model.choices.filter((c) => !c.shown).length;
  return (
    <>
      <Button
        size="small"
        startIcon={<ViewColumnOutlined />}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {hiddenCount > 0 ? `${T.columns} (+${hiddenCount})` : T.columns}
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { p: 2, maxWidth: 320 } } }}
      >
        <Typography id={titleId} variant="subtitle2" component="h2" sx={{ mb: 1 }}>
          {T.chooseColumns}
        </Typography>
        <FormGroup role="group" aria-labelledby={titleId}>
          {model.choices.map(({ column, shown }) => (
            <FormControlLabel
              key={column.id}
              control={
                <Checkbox size="small" checked={shown} onChange={(_, checked) => model.setShown(column.id, checked)} />
              }
              label={column.header}
              slotProps={{ typography: { variant: 'body2' } }}
            />
          ))}
        </FormGroup>
        <Box sx={{ mt: 1, textAlign: 'right' }}>
          <Button size="small" onClick={model.resetColumns}>
            {T.resetColumns}
          </Button>
        </Box>
      </Popover>
    </>
  );
}
