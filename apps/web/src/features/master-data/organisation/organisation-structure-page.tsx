import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import { organizationUnitDeleteIssues } from '@delego/domain';
import type { OrganizationUnitDto } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { translateIssueCode } from '../../../lib/server-messages.ts';
import { useDeleteOrganizationUnit, useOrganizationUnits } from '../api/organisation.ts';
import { DeleteDialog } from '../shared/delete-dialog.tsx';
import { OrganisationHeader } from './organisation-header.tsx';
import { UnitDialog, type UnitDialogMode } from './unit-dialog.tsx';
import { flattenTree } from './unit-tree.ts';

/** Why a unit cannot be deleted (spec §5), in the reader's language, or null when it can. */
function deleteRefusal(unit: OrganizationUnitDto): string | null {
  const issues = organizationUnitDeleteIssues(unit);
  return issues.length === 0 ? null : issues.map((issue) => translateIssueCode(issue.code, issue.params)).join(' ');
}

/**
 * `/settings/organizational-structure`: the company's units as a tree under the main unit, which
 * the server creates when missing. Units are added under a parent, renamed, moved and deleted
 * within the rules of spec §5.
 */
export function OrganisationStructurePage() {
  const { t } = useTranslation('masterData');
  const { t: tr } = useTranslation('routes');
  const tree = useOrganizationUnits();
  const remove = useDeleteOrganizationUnit();
  const [dialog, setDialog] = useState<UnitDialogMode | null>(null);
  const [deleting, setDeleting] = useState<OrganizationUnitDto | null>(null);
  const units = tree.data?.units ?? [];

  return (
    <>
      <OrganisationHeader title={tr('settings.organizationalStructure')} description={t('organisation.description')} />
      {tree.isPending && <PageSpinner />}
      {tree.isError && <Alert severity="error">{t('common.loadError')}</Alert>}
      {tree.data && (
        <Paper variant="outlined" sx={{ p: 1 }}>
          <List aria-label={t('organisation.treeLabel')} dense disablePadding>
            {flattenTree(units).map(({ unit, depth }) => (
              <ListItem
                key={unit.id}
                aria-label={unit.name}
                divider
                sx={{ pl: 2 + depth * 4 }}
                secondaryAction={
                  <Stack direction="row">
                    <Tooltip title={t('organisation.addChild', { name: unit.name })}>
                      <IconButton aria-label={t('organisation.addChild', { name: unit.name })} onClick={() => setDialog({ kind: 'create', parentId: unit.id })}>
                        <AddIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('common.editNamed', { name: unit.name })}>
                      <IconButton aria-label={t('common.editNamed', { name: unit.name })} onClick={() => setDialog({ kind: 'edit', unit })}>
                        <EditIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={deleteRefusal(unit) ?? t('common.deleteNamed', { name: unit.name })}>
                      <IconButton aria-label={t('common.deleteNamed', { name: unit.name })} onClick={() => setDeleting(unit)}>
                        <DeleteIcon />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                }
              >
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', pr: 18 }}>
                  {unit.is_main && <AccountTreeIcon fontSize="small" color="primary" aria-hidden />}
                  <Typography component="span" sx={{ fontWeight: unit.is_main ? 600 : 400 }}>
                    {unit.name}
                  </Typography>
                  {unit.is_main && <Chip size="small" color="primary" label={t('organisation.main')} />}
                  <Chip size="small" variant="outlined" label={t('organisation.userCount', { count: unit.user_count })} />
                </Box>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      <UnitDialog mode={dialog} units={units} onClose={() => setDialog(null)} />
      <DeleteDialog
        open={deleting !== null}
        title={t('organisation.deleteTitle')}
        question={t('organisation.deleteQuestion', { name: deleting?.name ?? '' })}
        refusal={deleting ? deleteRefusal(deleting) : null}
        onDelete={async () => {
          await remove.mutateAsync(deleting!.id);
          enqueueSnackbar(t('organisation.deleted'));
        }}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
