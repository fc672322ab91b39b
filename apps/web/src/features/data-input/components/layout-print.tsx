import { Box, GlobalStyles, Typography } from '@mui/material';
import type { TLayout } from '@sim/shared';

const PRINT_CLASS = 'data-input-print';

/**
 * The layout as printed (the print icon calls window.print): every tab, section and field with its value.
 * Hidden on screen; while printing, only it is shown.
 */
export function LayoutPrint({ layout, title }: { layout: TLayout; title: string }) {
  return (
    <>
      <GlobalStyles
        styles={{
          [`.${PRINT_CLASS}`]: { display: 'none' },
          '@media print': {
            'body *': { visibility: 'hidden' },
            [`.${PRINT_CLASS}, .${PRINT_CLASS} *`]: { visibility: 'visible' },
            [`.${PRINT_CLASS}`]: { display: 'block', position: 'absolute', left: 0, top: 0, width: '100%' },
          },
        }}
      />
      <Box className={PRINT_CLASS} aria-hidden>
        <Typography variant="h5" component="p" gutterBottom>
          {title}
        </Typography>
        {layout.tabs.map((tab) => (
          <Box key={tab.tab_name} sx={{ mb: 2 }}>
            <Typography variant="h6" component="p">
              {tab.tab_name}
            </Typography>
            {tab.sections.map((section) => (
              <Box key={section.section_name} sx={{ mb: 1, pl: 2 }}>
                <Typography variant="subtitle1" component="p">
                  {section.section_name}
                </Typography>
                <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 0.5, pl: 2 }}>
                  {section.fields.map((field) => (
                    <Box key={field.attribute_name} sx={{ display: 'contents' }}>
                      <Box component="dt" sx={{ fontWeight: 600 }}>
                        {field.field_title}
                      </Box>
                      <Box component="dd" sx={{ m: 0 }}>
                        {field.value}
                      </Box>
                    </Box>
                  ))}
                </Box>
              </Box>
            ))}
          </Box>
        ))}
      </Box>
    </>
  );
}
