import { Box, type SxProps, type Theme, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface HeadingProps {
  children: ReactNode;
  id?: string;
  /** buttons or filters on the heading's line, at its end */
  actions?: ReactNode;
  noWrap?: boolean;
  color?: string;
  sx?: SxProps<Theme>;
}

/**
 * The title of a screen: the theme's page step of the heading scale (app/theme.ts), an h1. The top bar
 * shows the title of the screens inside the shell; a page of its own (the reset page) shows it here.
 */
export function PageHeading({ children, ...rest }: HeadingProps) {
  return (
    <Heading variant="pageHeading" level={1} {...rest}>
      {children}
    </Heading>
  );
}

/**
 * The heading of a section of a screen (a card, a tab's panel): the section step (an h2), or the
 * subsection step for a part of a section (`level={3}` or deeper).
 */
export function SectionHeading({ children, level = 2, ...rest }: HeadingProps & { level?: 2 | 3 | 4 }) {
  return (
    <Heading variant={level === 2 ? 'sectionHeading' : 'subsectionHeading'} level={level} {...rest}>
      {children}
    </Heading>
  );
}

function Heading({
  variant,
  level,
  children,
  id,
  actions,
  noWrap,
  color,
  sx,
}: HeadingProps & { variant: 'pageHeading' | 'sectionHeading' | 'subsectionHeading'; level: 1 | 2 | 3 | 4 }) {
  const heading = (
    <Typography
      variant={variant}
      component={`h${level}`}
      id={id}
      noWrap={noWrap}
      color={color}
      sx={actions ? { m: 0, minWidth: 0 } : [{ m: 0, mb: level === 1 ? 2 : 1.5 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {children}
    </Typography>
  );
  if (!actions) return heading;
  return (
    <Box
      sx={[
        { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: level === 1 ? 2 : 1.5 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {heading}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexShrink: 0 }}>{actions}</Box>
    </Box>
  );
}
