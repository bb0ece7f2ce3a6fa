import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';

interface ItemCardProps {
  title: string;
  /** Heading level inside the step: 3 for an item of the step's own list, deeper for nested lists. */
  level: 3 | 4 | 5;
  removeLabel: string;
  onRemove: () => void;
  /** Why the item cannot be removed (spec §5 minimum counts); the button is disabled with this tooltip. */
  removeDisabledReason?: string;
  /** Shown beside the title (e.g. the amount due for the item). */
  aside?: ReactNode;
  children: ReactNode;
}

/** One item of a list in the form (a segment, a country part, an accommodation…), with its remove action. */
export function ItemCard({ title, level, removeLabel, onRemove, removeDisabledReason, aside, children }: ItemCardProps) {
  const headingId = useId();
  const removeButton = (
    <IconButton aria-label={removeLabel} onClick={onRemove} disabled={Boolean(removeDisabledReason)} size="small">
      <DeleteOutlinedIcon fontSize="small" />
    </IconButton>
  );
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, bgcolor: level > 3 ? 'background.default' : undefined }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography id={headingId} component={`h${level}`} variant={level === 3 ? 'subtitle1' : 'subtitle2'} sx={{ fontWeight: 600, flexGrow: 1 }}>
          {title}
        </Typography>
        {aside}
        {removeDisabledReason ? (
          <Tooltip title={removeDisabledReason}>
            {/* A disabled button gets no pointer events; the wrapper keeps the reason reachable. */}
            <span>{removeButton}</span>
          </Tooltip>
        ) : (
          removeButton
        )}
      </Box>
      {children}
    </Paper>
  );
}
