import { useParams } from 'react-router';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { pageInLanguage } from '@delego/domain';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useDelegationInfoPage } from '../api/pages.ts';
import { MissingView } from '../shared/missing-view.tsx';
import { RichTextView } from '../shared/rich-text-editor.tsx';
import { DelegationInfoBackLink } from './delegation-info-back-link.tsx';

/** `/delegation-info/{alias}`: the trip policy or a custom page, in the reader's language (Polish where the English is empty). */
export function DelegationInfoPage() {
  const { alias = '' } = useParams();
  const { t, i18n } = useTranslation('masterData');
  const { t: tr } = useTranslation('routes');
  const page = useDelegationInfoPage(alias);
  const shown = page.data ? pageInLanguage(page.data.page, i18n.language) : null;
  useDocumentTitle(shown?.title ?? tr('delegationInfo.customPage'));

  if (page.isPending) return <PageSpinner />;
  if (!shown) return <MissingView back={{ to: '/delegation-info', label: t('info.back') }} />;
  return (
    <>
      <DelegationInfoBackLink />
      <Paper component="article" variant="outlined" sx={{ p: { xs: 2, sm: 4 } }} aria-labelledby="info-page-title">
        <Typography id="info-page-title" variant="h4" component="h1" gutterBottom>
          {shown.title}
        </Typography>
        <RichTextView html={shown.content} />
        {shown.content.trim() === '' && <Typography color="text.secondary">{t('info.emptyPage')}</Typography>}
      </Paper>
    </>
  );
}
