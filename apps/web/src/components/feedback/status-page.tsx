import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

interface StatusPageProps {
  title: string;
  children: ReactNode;
  /** Where the user can go from here. */
  action?: { label: string; to: string };
}

/** A page that explains why the requested screen is not shown. */
export function StatusPage({ title, children, action }: StatusPageProps) {
  return (
    <Paper component="section" variant="outlined" sx={{ p: 4, maxWidth: 640, mx: 'auto' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography component="div" color="text.secondary" sx={{ mb: action ? 3 : 0 }}>
        {children}
      </Typography>
      {action && (
        <Button component={RouterLink} to={action.to} variant="contained">
          {action.label}
        </Button>
      )}
    </Paper>
  );
}
