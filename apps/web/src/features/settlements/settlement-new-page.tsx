import { useMemo } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../lib/session.tsx';
import { draftStorage } from './model/draft-storage.ts';
import { SettlementForm } from './settlement-form.tsx';

/** `/delegation/new`: an independent settlement (spec §2), typed into a draft kept in this tab. */
export function SettlementNewPage() {
  const { t } = useTranslation('routes');
  const user = useCurrentUser();
  // The draft belongs to the employee being settled: the one acted for while logged in as a substitute.
  const draft = useMemo(() => draftStorage(user.context_user_id, 'new'), [user.context_user_id]);
  return (
    <Stack spacing={2} sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h4" component="h1">
        {t('delegation.new')}
      </Typography>
      <SettlementForm key={user.context_user_id} user={user} draft={draft} />
    </Stack>
  );
}
