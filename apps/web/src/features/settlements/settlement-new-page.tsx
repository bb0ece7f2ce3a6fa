import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { useCurrentUser } from '../../lib/session.tsx';
import { useAvailableUsers } from './api/settlements.ts';
import { SettlementEditor } from './components/settlement-editor.tsx';
import { newSettlementForm } from './model/form-values.ts';
import { emptyMeta } from './model/saved-form.ts';

/**
 * `/delegation/new`: an independent settlement (spec §2), typed into a draft kept in this tab until
 * saved. `?user={id}` settles a colleague's trip for someone who may (spec §6 `delegationForOthers`).
 */
export function SettlementNewPage() {
  const { t } = useTranslation('routes');
  const { t: ts } = useTranslation('settlements');
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const forUser = Number(params.get('user')) || null;
  const users = useAvailableUsers();
  if (forUser !== null && forUser !== user.context_user_id && users.isPending) return <PageSpinner />;
  // Someone the user may not settle for is ignored: the settlement is their own.
  const colleague = forUser !== user.context_user_id ? users.data?.items.find((person) => person.id === forUser) : undefined;
  const draftKey = colleague ? `new-for-${colleague.id}` : 'new';
  return (
    <SettlementEditor
      key={`${user.context_user_id}-${draftKey}`}
      title={t('delegation.new')}
      description={ts('editor.newDescription')}
      user={user}
      draftKey={draftKey}
      initialValues={{ ...newSettlementForm(), meta: { ...emptyMeta(), user_id: colleague?.id ?? null, employee_name: colleague?.fullName ?? null } }}
    />
  );
}
