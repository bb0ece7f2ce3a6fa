import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime, marksMessageRead, type MessageAutoRead } from '@delego/domain';

/** One message of an order as the server lists it in the order's history. */
export interface OrderMessage {
  id: number;
  user_name: string;
  comment: string;
  created_at: string;
  unread: boolean;
}

export interface OrderMessagesProps {
  messages: readonly OrderMessage[];
  /** The company's auto-read of messages (spec §3): 1 disabled, 2 on mouse over, 3 on page load. */
  autoRead: MessageAutoRead;
  /** Marks the messages read on the server. */
  onMarkRead: (ids: number[]) => void;
}

/** The beginning of a message, to tell its button from the others'. */
const excerpt = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text);

/** How long the pointer rests on a message before it counts as read (spec §9 "on mouse over"). */
const REST_MS = 600;

/**
 * An order's messages (spec §9): unread ones stand out and are counted, and are marked read as the
 * company's auto-read setting says — only by their button, also when the pointer rests on one (or
 * keyboard focus reaches it), or also when the page showing them opens.
 */
export function OrderMessages({ messages, autoRead, onMarkRead }: OrderMessagesProps) {
  const { t, i18n } = useTranslation('common');
  // Read here before the server's answer refreshes the order.
  const [marked, setMarked] = useState<ReadonlySet<number>>(new Set());
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const isUnread = (message: OrderMessage) => message.unread && !marked.has(message.id);
  const unread = messages.filter(isUnread);

  const markRead = (ids: number[]) => {
    const fresh = ids.filter((id) => !marked.has(id));
    if (fresh.length === 0) return;
    setMarked((current) => new Set([...current, ...fresh]));
    onMarkRead(fresh);
  };

  const onLoad = marksMessageRead(autoRead, 'load');
  const unreadIds = unread.map((message) => message.id).join(',');
  useEffect(() => {
    if (onLoad && unreadIds !== '') markRead(unreadIds.split(',').map(Number));
    // Once per set of unread messages shown: marking them read empties it.
  }, [onLoad, unreadIds]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const onHover = marksMessageRead(autoRead, 'hover');
  const rest = (message: OrderMessage) => {
    if (!onHover || !isUnread(message) || timers.current.has(message.id)) return;
    timers.current.set(
      message.id,
      setTimeout(() => {
        timers.current.delete(message.id);
        markRead([message.id]);
      }, REST_MS),
    );
  };
  const leave = (message: OrderMessage) => {
    clearTimeout(timers.current.get(message.id));
    timers.current.delete(message.id);
  };

  if (messages.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="order-messages-title">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle1" component="h2" id="order-messages-title">
          {t('messages.title')}
        </Typography>
        {unread.length > 0 && <Chip size="small" color="primary" label={t('messages.unreadCount', { count: unread.length })} />}
      </Box>
      <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {messages.map((message) => {
          const fresh = isUnread(message);
          const when = formatDateTime(message.created_at, i18n.language);
          return (
            <Box
              component="li"
              key={message.id}
              tabIndex={0}
              aria-label={`${fresh ? `${t('messages.unread')}: ` : ''}${message.user_name}, ${when}: ${message.comment}`}
              onMouseEnter={() => rest(message)}
              onMouseLeave={() => leave(message)}
              onFocus={(event) => {
                // Keyboard focus reads like the pointer resting on it; focus moving inside (its button) does not count twice.
                if (onHover && event.target === event.currentTarget && isUnread(message)) markRead([message.id]);
              }}
              sx={{
                p: 1,
                borderRadius: 1,
                borderLeft: 4,
                borderColor: fresh ? 'primary.main' : 'divider',
                bgcolor: fresh ? 'action.hover' : undefined,
                overflowWrap: 'anywhere',
              }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="body2" sx={{ fontWeight: fresh ? 700 : 400 }}>
                  {message.user_name} · {when}
                </Typography>
                {fresh && <Chip size="small" color="primary" variant="outlined" label={t('messages.unread')} />}
                {fresh && (
                  <Button size="small" sx={{ ml: 'auto' }} onClick={() => markRead([message.id])} aria-label={`${t('messages.markRead')}: ${message.user_name}, ${when}: ${excerpt(message.comment)}`}>
                    {t('messages.markRead')}
                  </Button>
                )}
              </Box>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', fontWeight: fresh ? 600 : 400 }}>
                {message.comment}
              </Typography>
            </Box>
          );
        })}
      </Stack>
    </Paper>
  );
}
