import { Box } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { type HighlightOptions, highlight } from '../lib/highlight';

interface HighlightedTextProps {
  text: string;
  matched: readonly string[];
  missed: readonly string[];
  options?: HighlightOptions;
}

/** A line's text with the keywords said marked green and those missed marked red (<mark>, data-mark). */
export function HighlightedText({ text, matched, missed, options }: HighlightedTextProps) {
  const segments = highlight(text, { matched, missed }, options);
  return (
    <>
      {segments.map((segment, i) =>
        segment.mark ? (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in order; they never move
            key={i}
            component="mark"
            data-mark={segment.mark}
            sx={(theme) => ({
              px: 0.25,
              borderRadius: 0.5,
              color: segment.mark === 'matched' ? 'success.dark' : 'error.dark',
              bgcolor: alpha(segment.mark === 'matched' ? theme.palette.success.main : theme.palette.error.main, 0.14),
              fontWeight: 600,
              textDecoration: segment.mark === 'missed' ? 'underline dotted' : undefined,
            })}
          >
            {segment.text}
          </Box>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <span key={i}>{segment.text}</span>
        ),
      )}
    </>
  );
}
