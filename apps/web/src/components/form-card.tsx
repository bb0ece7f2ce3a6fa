import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

interface FormCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** The narrow centred card of the public screens (login, password changes, action links). */
export function FormCard({ title, subtitle, children }: FormCardProps) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} sx={{ p: { xs: 3, sm: 4 }, maxWidth: 460, mx: 'auto', mt: { xs: 2, sm: 6 } }}>
      <Typography id={titleId} variant="h5" component="h1">
        {title}
      </Typography>
      {subtitle && <Typography color="text.secondary">{subtitle}</Typography>}
      <Box sx={{ mt: 3 }}>{children}</Box>
    </Paper>
  );
}
