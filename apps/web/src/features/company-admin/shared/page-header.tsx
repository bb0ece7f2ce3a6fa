import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';

interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** Buttons at the right, e.g. "Add". */
  actions?: ReactNode;
  back?: { to: string; label: string };
}

/** The heading of an administration screen: its name (the page's h1), an optional way back and actions. */
export function PageHeader({ title, subtitle, actions, back }: PageHeaderProps) {
  return (
    <Box sx={{ mb: 2 }}>
      {back && (
        <Button component={RouterLink} to={back.to} startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
          {back.label}
        </Button>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" component="div">
              {subtitle}
            </Typography>
          )}
        </Box>
        {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
      </Box>
    </Box>
  );
}
