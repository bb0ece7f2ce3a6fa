import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface PageHeaderProps {
  title: string;
  /** A sentence under the title saying what the screen is for. */
  description?: ReactNode;
  /** Buttons at the right of the title (e.g. "Add"). */
  actions?: ReactNode;
}

/** The heading of a screen inside the shell: its name as the page's h1, an optional description and actions. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap', mb: 2 }}>
      <Box sx={{ flexGrow: 1, minWidth: 240 }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {description && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {description}
          </Typography>
        )}
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
    </Box>
  );
}
