import { useId } from 'react';
import Box from '@mui/material/Box';

const FLAG_SIZE = { width: 28, height: 18 } as const;

/** Decorative flag of Poland; the button around it carries the accessible name. */
export function PolishFlag() {
  return (
    <Box component="svg" viewBox="0 0 16 10" sx={{ ...FLAG_SIZE, display: 'block', boxShadow: 1 }} aria-hidden="true" focusable="false">
      <rect width="16" height="5" fill="#ffffff" />
      <rect y="5" width="16" height="5" fill="#dc143c" />
    </Box>
  );
}

/** Decorative Union flag for English; ids are unique so two flags on a page do not clash. */
export function EnglishFlag() {
  const clipId = useId();
  return (
    <Box component="svg" viewBox="0 0 60 30" sx={{ ...FLAG_SIZE, display: 'block', boxShadow: 1 }} aria-hidden="true" focusable="false">
      <clipPath id={clipId}>
        <path d="M30,15 h30 v15 z v15 h-30 z h-30 v-15 z v-15 h30 z" />
      </clipPath>
      <rect width="60" height="30" fill="#012169" />
      <path d="M0,0 L60,30 M60,0 L0,30" stroke="#ffffff" strokeWidth="6" />
      <path d="M0,0 L60,30 M60,0 L0,30" clipPath={`url(#${clipId})`} stroke="#c8102e" strokeWidth="4" />
      <path d="M30,0 v30 M0,15 h60" stroke="#ffffff" strokeWidth="10" />
      <path d="M30,0 v30 M0,15 h60" stroke="#c8102e" strokeWidth="6" />
    </Box>
  );
}
