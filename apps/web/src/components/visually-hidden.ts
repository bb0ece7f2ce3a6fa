/**
 * Styles that keep a text for screen readers but off the screen (a column header a button stands in
 * for, a caption a picture says). Pixel strings: in `sx`, a bare 1 would mean 100%.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
