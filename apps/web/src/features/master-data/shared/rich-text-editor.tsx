import { useEffect, useId, useRef, useState, type ClipboardEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatClearIcon from '@mui/icons-material/FormatClear';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import NotesIcon from '@mui/icons-material/Notes';
import { useTranslation } from 'react-i18next';
import { sanitizeRichText } from '@delego/domain';

interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  helperText?: ReactNode;
  /** Only bold, italic, underline, lists and clearing: for texts that may hold no headings, quotes or links (an offer's body). */
  simple?: boolean;
  error?: boolean;
}

/** The tool groups a simple editor keeps. */
const SIMPLE_TOOLS = new Set(['bold', 'italic', 'underline', 'bulletList', 'numberedList', 'clear']);

const SAFE_LINK = /^(https?:\/\/|mailto:)\S+$/i;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * A formatted-text editor for custom pages: a toolbar over an editable area. The browser's
 * editing commands do the formatting; what they produce is cleaned by the same allow-list
 * sanitiser the server applies on save, so the editor never holds markup the page could not show.
 */
export function RichTextEditor({ label, value, onChange, helperText, simple = false, error = false }: RichTextEditorProps) {
  const { t } = useTranslation('masterData');
  const labelId = useId();
  const areaRef = useRef<HTMLDivElement>(null);
  const lastValue = useRef<string | null>(null);
  const savedRange = useRef<Range | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState('https://');
  const [linkError, setLinkError] = useState(false);

  // Only a value from outside (load, language switch, reset) replaces the content; typing keeps the caret.
  useEffect(() => {
    const area = areaRef.current;
    if (area && value !== lastValue.current) {
      area.innerHTML = sanitizeRichText(value);
      lastValue.current = value;
    }
  }, [value]);

  const emit = () => {
    const area = areaRef.current;
    if (!area) return;
    lastValue.current = area.innerHTML;
    onChange(area.innerHTML);
  };

  const run = (command: string, argument?: string) => {
    areaRef.current?.focus();
    document.execCommand(command, false, argument);
    emit();
  };

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault();
    const html = event.clipboardData.getData('text/html');
    const text = event.clipboardData.getData('text/plain');
    const clean = html ? sanitizeRichText(html) : escapeHtml(text).replace(/\r?\n/g, '<br>');
    document.execCommand('insertHTML', false, clean);
    emit();
  };

  const openLinkDialog = () => {
    const selection = window.getSelection();
    savedRange.current = selection && selection.rangeCount > 0 ? selection.getRangeAt(0).cloneRange() : null;
    setLinkUrl('https://');
    setLinkError(false);
    setLinkOpen(true);
  };

  const insertLink = () => {
    const url = linkUrl.trim();
    if (!SAFE_LINK.test(url)) {
      setLinkError(true);
      return;
    }
    setLinkOpen(false);
    areaRef.current?.focus();
    const selection = window.getSelection();
    if (savedRange.current && selection) {
      selection.removeAllRanges();
      selection.addRange(savedRange.current);
    }
    if (selection && selection.isCollapsed) document.execCommand('insertHTML', false, `<a href="${escapeHtml(url).replace(/"/g, '&quot;')}">${escapeHtml(url)}</a>`);
    else document.execCommand('createLink', false, url);
    emit();
  };

  const allTools: { key: string; icon: ReactNode; action: () => void }[][] = [
    [
      { key: 'bold', icon: <FormatBoldIcon />, action: () => run('bold') },
      { key: 'italic', icon: <FormatItalicIcon />, action: () => run('italic') },
      { key: 'underline', icon: <FormatUnderlinedIcon />, action: () => run('underline') },
    ],
    [
      { key: 'heading2', icon: <Typography sx={{ fontWeight: 700, fontSize: 15, width: 24 }}>H2</Typography>, action: () => run('formatBlock', '<h2>') },
      { key: 'heading3', icon: <Typography sx={{ fontWeight: 700, fontSize: 13, width: 24 }}>H3</Typography>, action: () => run('formatBlock', '<h3>') },
      { key: 'paragraph', icon: <NotesIcon />, action: () => run('formatBlock', '<p>') },
      { key: 'quote', icon: <FormatQuoteIcon />, action: () => run('formatBlock', '<blockquote>') },
    ],
    [
      { key: 'bulletList', icon: <FormatListBulletedIcon />, action: () => run('insertUnorderedList') },
      { key: 'numberedList', icon: <FormatListNumberedIcon />, action: () => run('insertOrderedList') },
    ],
    [
      { key: 'link', icon: <LinkIcon />, action: openLinkDialog },
      { key: 'unlink', icon: <LinkOffIcon />, action: () => run('unlink') },
      { key: 'clear', icon: <FormatClearIcon />, action: () => run('removeFormat') },
    ],
  ];

  const tools = simple ? allTools.map((group) => group.filter((tool) => SIMPLE_TOOLS.has(tool.key))).filter((group) => group.length > 0) : allTools;

  return (
    <Box>
      <Typography id={labelId} variant="subtitle2" component="div" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Paper variant="outlined" sx={error ? { borderColor: 'error.main' } : undefined}>
        <Box role="toolbar" aria-label={t('editor.toolbar', { field: label })} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', px: 0.5, py: 0.25, gap: 0.25 }}>
          {tools.map((group, index) => (
            <Box key={group[0]!.key} sx={{ display: 'flex', alignItems: 'center' }}>
              {index > 0 && <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />}
              {group.map((tool) => (
                <Tooltip key={tool.key} title={t(`editor.${tool.key}`)}>
                  {/* mousedown would move the focus and lose the selection the command applies to */}
                  <IconButton size="small" aria-label={t(`editor.${tool.key}`)} onMouseDown={(event) => event.preventDefault()} onClick={tool.action}>
                    {tool.icon}
                  </IconButton>
                </Tooltip>
              ))}
            </Box>
          ))}
        </Box>
        <Divider />
        <Box
          ref={areaRef}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          contentEditable
          suppressContentEditableWarning
          onInput={emit}
          onBlur={emit}
          onPaste={onPaste}
          sx={{
            minHeight: 220,
            maxHeight: 560,
            overflowY: 'auto',
            p: 2,
            outline: 'none',
            '&:focus-visible': { boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}` },
            '& h2': { typography: 'h6', mt: 1, mb: 1 },
            '& h3': { typography: 'subtitle1', fontWeight: 600, mt: 1, mb: 0.5 },
            '& p': { my: 1 },
            '& blockquote': { borderLeft: 4, borderColor: 'divider', pl: 2, ml: 0, color: 'text.secondary' },
          }}
        />
      </Paper>
      {helperText && <FormHelperText error={error}>{helperText}</FormHelperText>}
      <Dialog open={linkOpen} onClose={() => setLinkOpen(false)} aria-labelledby={`${labelId}-link`} maxWidth="xs" fullWidth>
        <DialogTitle id={`${labelId}-link`}>{t('editor.linkTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('editor.linkUrl')}
            value={linkUrl}
            onChange={(event) => {
              setLinkUrl(event.target.value);
              setLinkError(false);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                insertLink();
              }
            }}
            error={linkError}
            helperText={linkError ? t('editor.linkInvalid') : t('editor.linkHelp')}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setLinkOpen(false)}>{t('common.cancel')}</Button>
          <Button variant="contained" onClick={insertLink}>
            {t('editor.insertLink')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** Sanitised rich text shown to readers: the allow-list runs again here, so nothing unsafe reaches the page even from old data. */
export function RichTextView({ html }: { html: string }) {
  return (
    <Box
      sx={{
        '& h2': { typography: 'h6', mt: 2, mb: 1 },
        '& h3': { typography: 'subtitle1', fontWeight: 600, mt: 2, mb: 0.5 },
        '& p': { my: 1 },
        '& blockquote': { borderLeft: 4, borderColor: 'divider', pl: 2, ml: 0, color: 'text.secondary' },
      }}
      dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }}
    />
  );
}
