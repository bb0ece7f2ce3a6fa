import type { ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { Substitute } from '@delego/contract';
import { formatWallTime } from '@delego/domain';
import { DataCards, type DataColumn } from '../../components/data-table/data-table.tsx';

export const STATE_COLOURS = { current: 'success', upcoming: 'info', past: 'default' } as const;

export const personName = (person: { name: string; surname: string; login: string }) => `${person.name} ${person.surname} (${person.login})`;

/** A day of the period, or 'open' for an open end. */
export function usePeriodText() {
  const { t, i18n } = useTranslation('substitutes');
  return (day: string | null) => (day === null ? t('openEnd') : formatWallTime(day, i18n.language));
}

/** A short list of substitutes without paging (one person's own); `detail` adds a line under the person. */
export function SubstituteTable({
  label,
  rows,
  person,
  empty,
  actions,
  detail,
}: {
  label: string;
  rows: Substitute[];
  person: 'absent' | 'substitute';
  empty: string;
  actions: (row: Substitute) => ReactNode;
  detail?: (row: Substitute) => ReactNode;
}) {
  const { t } = useTranslation('substitutes');
  const periodText = usePeriodText();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  if (rows.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  const name = (row: Substitute) => personName(person === 'absent' ? row.absent_user : row.substitute_user);
  if (isPhone) {
    const columns: DataColumn<Substitute, never>[] = [
      { key: 'person', label: t(person === 'absent' ? 'fields.absentUser' : 'fields.substituteUser'), render: (row) => (detail ? <>{name(row)}<Typography variant="body2" color="text.secondary" component="div">{detail(row)}</Typography></> : name(row)) },
      { key: 'date_from', label: t('fields.dateFrom'), render: (row) => periodText(row.date_from) },
      { key: 'date_to', label: t('fields.dateTo'), render: (row) => periodText(row.date_to) },
      { key: 'state', label: t('fields.state'), render: (row) => <Chip size="small" color={STATE_COLOURS[row.state]} label={t(`state.${row.state}`)} /> },
      { key: 'comment', label: t('fields.comment'), render: (row) => row.comment },
    ];
    return <DataCards label={label} columns={columns} rows={rows} rowKey={(row) => row.id} rowLabel={name} actions={actions} />;
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{t(person === 'absent' ? 'fields.absentUser' : 'fields.substituteUser')}</TableCell>
            <TableCell>{t('fields.dateFrom')}</TableCell>
            <TableCell>{t('fields.dateTo')}</TableCell>
            <TableCell>{t('fields.state')}</TableCell>
            <TableCell>{t('fields.comment')}</TableCell>
            <TableCell align="right">{t('actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell>
                {personName(person === 'absent' ? row.absent_user : row.substitute_user)}
                {detail && (
                  <Typography variant="body2" color="text.secondary" component="div">
                    {detail(row)}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{periodText(row.date_from)}</TableCell>
              <TableCell>{periodText(row.date_to)}</TableCell>
              <TableCell>
                <Chip size="small" color={STATE_COLOURS[row.state]} label={t(`state.${row.state}`)} />
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.comment}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {actions(row)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
