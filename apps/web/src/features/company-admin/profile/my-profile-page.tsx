import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PERMISSION_GROUPS } from '@delego/domain';
import type { MyProfile } from '@delego/contract';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { PageHeader } from '../shared/page-header.tsx';
import { useMyProfile } from '../api/users.ts';
import { LoadFailedAlert } from '../shared/load-alerts.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';
import { ChangePasswordForm } from './change-password-section.tsx';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Label–value pairs as a description list; empty values show a dash. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  const { t } = useTranslation('myProfile');
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(180px, max-content) 1fr' }, columnGap: 3, rowGap: 1, m: 0 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {value === null || value === '' ? t('empty') : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** `/profile/my-profile`: the user's own data, roles and effective permissions, read-only. */
export function MyProfilePage() {
  const { t } = useTranslation('myProfile');
  const profile = useMyProfile();
  let body: ReactNode;
  if (profile.isError) {
    body = <LoadFailedAlert onRetry={() => profile.refetch()} />;
  } else if (!profile.data) {
    body = <PageSpinner />;
  } else {
    body = <ProfileDetails profile={profile.data} />;
  }
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('intro')} />
      {body}
      <TwoFactorSection />
    </>
  );
}

function ProfileDetails({ profile }: { profile: MyProfile }) {
  const { t } = useTranslation('myProfile');
  const { t: tp } = useTranslation('permissions');
  const { user } = profile;
  const document = user.identity_document_number
    ? [
        user.identity_document_number,
        user.identity_document_expiry ? t('fields.documentExpiry', { date: user.identity_document_expiry }) : null,
        user.identity_document_issue_place ? t('fields.documentIssuedAt', { place: user.identity_document_issue_place }) : null,
      ]
        .filter(Boolean)
        .join(', ')
    : null;
  const effective = new Set(profile.effective_permissions);
  const direct = new Set(profile.direct_permissions);
  const groups = PERMISSION_GROUPS.map((group) => ({ key: group.key, permissions: group.permissions.filter((name) => effective.has(name)) })).filter(
    (group) => group.permissions.length > 0,
  );
  return (
    <>
      <Section id="profile-personal" title={t('sections.personal')}>
        <Facts
          rows={[
            [t('fields.name'), [user.name, user.middle_name, user.surname].filter(Boolean).join(' ')],
            [t('fields.login'), user.login],
            [t('fields.email'), user.email],
            [t('fields.phone'), user.phone],
            [t('fields.language'), t(`languages.${user.language}`)],
            [t('fields.birthDate'), user.birth_date],
            [t('fields.document'), document],
            [t('fields.nationality'), user.nationality],
          ]}
        />
      </Section>
      <Section id="profile-password" title={t('sections.password')}>
        <ChangePasswordForm />
      </Section>
      <Section id="profile-work" title={t('sections.work')}>
        <Facts
          rows={[
            [t('fields.position'), user.position],
            [t('fields.department'), user.department],
            [t('fields.responsibilities'), user.responsibilities],
            [t('fields.superior'), user.superior],
            [t('fields.organizationUnit'), user.organization_unit],
          ]}
        />
      </Section>
      <Section id="profile-travel" title={t('sections.travel')}>
        <Facts
          rows={[
            [
              t('fields.costCentres'),
              user.cost_centres.length === 0
                ? null
                : user.cost_centres.map((centre) => (centre.is_default ? `${centre.label} (${t('fields.defaultCostCentre')})` : centre.label)).join('; '),
            ],
            [t('fields.rateGroup'), user.rate_group],
            [t('fields.privateVehicle'), user.private_vehicle],
            [t('fields.defaultVehicle'), user.default_vehicle],
            [t('fields.paymentType'), t(`paymentTypes.${user.payment_type}`)],
            [t('fields.bank'), [user.bank_name, user.bank_account_number].filter(Boolean).join(', ')],
          ]}
        />
      </Section>
      <Section id="profile-roles" title={t('sections.roles')}>
        {profile.roles.length === 0 ? (
          <Typography color="text.secondary">{t('noRoles')}</Typography>
        ) : (
          <List dense disablePadding aria-labelledby="profile-roles">
            {profile.roles.map((role) => (
              <ListItem key={role.id} disableGutters>
                <ListItemText
                  primary={role.is_blocked ? `${role.name} (${t('blocked')})` : role.name}
                  secondary={[role.description, role.inherits_from.length > 0 ? t('inherits', { roles: role.inherits_from.join(' → ') }) : null].filter(Boolean).join(' · ') || undefined}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Section>
      <Section id="profile-transfers" title={t('sections.transfers')}>
        {profile.transfers.length === 0 ? (
          <Typography color="text.secondary">{t('noTransfers')}</Typography>
        ) : (
          <List dense disablePadding aria-labelledby="profile-transfers">
            {profile.transfers.map((transfer, index) => (
              <ListItem key={index} disableGutters>
                <ListItemText
                  primary={t('transfer', {
                    what: transfer.permission_name ? tp(`names.${transfer.permission_name}`) : t('transferRole', { name: transfer.role?.name ?? '' }),
                    from: transfer.date_from,
                    to: transfer.date_to,
                    by: transfer.granted_by,
                  })}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Section>
      <Section id="profile-permissions" title={t('sections.permissions')}>
        {groups.length === 0 ? (
          <Typography color="text.secondary">{t('noPermissions')}</Typography>
        ) : (
          groups.map((group) => (
            <Box key={group.key} sx={{ mb: 2 }}>
              <Typography variant="subtitle2" component="h3">
                {tp(`groups.${group.key}`)}
              </Typography>
              <List dense disablePadding>
                {group.permissions.map((name) => (
                  <ListItem key={name} disableGutters>
                    <ListItemText
                      primary={
                        <>
                          {tp(`names.${name}`)}
                          {direct.has(name) && <Chip size="small" variant="outlined" label={t('direct')} sx={{ ml: 1 }} />}
                        </>
                      }
                      secondary={tp(`descriptions.${name}`)}
                    />
                  </ListItem>
                ))}
              </List>
            </Box>
          ))
        )}
      </Section>
    </>
  );
}
