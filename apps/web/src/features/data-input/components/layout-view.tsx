import { Box, Grid, Paper, Tab, Tabs, Typography } from '@mui/material';
import { DATA_INPUT_STEP_TEXTS as T, type TLayout } from '@sim/shared';
import { useId, useState } from 'react';
import { LayoutFieldInput } from '../../../components/layout-field-input';
import type { FieldPlace } from '../lib/layout-values';

interface LayoutViewProps {
  layout: TLayout;
  onFieldChange: (place: FieldPlace, value: string) => void;
}

/** A layout as the learner's case screen shows it: tabs, then sections, then fields. */
export function LayoutView({ layout, onFieldChange }: LayoutViewProps) {
  const [selected, setSelected] = useState(0);
  const id = useId();
  const tabIndex = Math.min(selected, Math.max(layout.tabs.length - 1, 0));
  const tab = layout.tabs[tabIndex];
  const typeLabel = T.typeLabels[layout.type];

  return (
    <Box>
      <Tabs
        value={tabIndex}
        onChange={(_e, value: number) => setSelected(value)}
        variant="scrollable"
        aria-label={T.tabs(typeLabel)}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {layout.tabs.map((t, i) => (
          <Tab key={t.tab_name} label={t.tab_name} id={`${id}-tab-${i}`} aria-controls={`${id}-panel-${i}`} />
        ))}
      </Tabs>
      {tab && (
        <Box role="tabpanel" id={`${id}-panel-${tabIndex}`} aria-labelledby={`${id}-tab-${tabIndex}`}>
          {tab.sections.map((section, s) => (
            <Paper
              key={section.section_name}
              variant="outlined"
              component="section"
              aria-label={section.section_name}
              sx={{ p: 2, mb: 2 }}
            >
              <Typography variant="subtitle1" component="h3" gutterBottom>
                {section.section_name}
              </Typography>
              <Grid container spacing={2}>
                {section.fields.map((field, f) => (
                  <Grid key={field.attribute_name || `${s}-${f}`} size={{ xs: 12, md: 6 }}>
                    <LayoutFieldInput
                      field={field}
                      value={field.value}
                      onChange={(value) => onFieldChange({ tab: tabIndex, section: s, field: f }, value)}
                    />
                  </Grid>
                ))}
              </Grid>
            </Paper>
          ))}
        </Box>
      )}
    </Box>
  );
}
