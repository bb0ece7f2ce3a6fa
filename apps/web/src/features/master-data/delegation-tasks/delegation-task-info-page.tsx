import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useAvailableDelegationTasks } from '../api/delegation-tasks.ts';
import { DelegationInfoBackLink } from '../delegation-info/delegation-info-back-link.tsx';

/** `/delegation-info/delegation-task`: the trip reasons an employee may choose, in their language, read-only. */
export function DelegationTaskInfoPage() {
  const { t, i18n } = useTranslation('masterData');
  const { t: tr } = useTranslation('routes');
  const tasks = useAvailableDelegationTasks();
  const english = i18n.language.startsWith('en');
  const items = [...(tasks.data?.items ?? [])].sort((a, b) => (english ? a.name_en.localeCompare(b.name_en, 'en') : a.name_pl.localeCompare(b.name_pl, 'pl')));

  return (
    <>
      <DelegationInfoBackLink />
      <PageHeader title={tr('delegationInfo.delegationTask')} description={t('tasks.info.description')} />
      {tasks.isPending && <PageSpinner />}
      {tasks.isError && <Alert severity="error">{t('common.loadError')}</Alert>}
      {tasks.data && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={tr('delegationInfo.delegationTask')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('tasks.info.name')}</TableCell>
                <TableCell>{t('tasks.columns.comment')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((task) => (
                <TableRow key={task.id}>
                  <TableCell>{english ? task.name_en : task.name_pl}</TableCell>
                  <TableCell>{t(`tasks.info.comment.${task.comment_requirement}`)}</TableCell>
                </TableRow>
              ))}
              {items.length === 0 && (
                <TableRow>
                  <TableCell colSpan={2} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                    {t('tasks.info.empty')}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
