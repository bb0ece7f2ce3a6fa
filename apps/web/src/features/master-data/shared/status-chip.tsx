import Chip from '@mui/material/Chip';

/** A yes/no state in a list (active, enabled for new documents, shown in the menu). */
export function StatusChip({ on, onLabel, offLabel }: { on: boolean; onLabel: string; offLabel: string }) {
  return <Chip size="small" color={on ? 'success' : 'default'} variant={on ? 'filled' : 'outlined'} label={on ? onLabel : offLabel} />;
}
