import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { Link as RouterLink, useBlocker, useLocation, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HistoryIcon from '@mui/icons-material/History';
import { useTranslation } from 'react-i18next';
import { useForm, type FieldErrors } from 'react-hook-form';
import type { UserDetail, UserFormOptions } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerIssues } from '../../../lib/form-errors.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { PageHeader } from '../shared/page-header.tsx';
import { issueResolver } from '../../../components/form/issue-resolver.ts';
import { useRefreshSessionUser } from '../shared/use-refresh-session-user.ts';
import { useSaveUser, useUser, useUserFormOptions } from '../api/users.ts';
import {
  USER_FIELDS,
  USER_TABS,
  emptyUserValues,
  tabOfField,
  userBodyFromValues,
  userValuesFromDetail,
  validateUserForm,
  type UserField,
  type UserFormValues,
  type UserTab,
} from './user-form.ts';
import { COMPANY_USERS, PROVIDER_USERS, userEditPath, userIdInPath, type UsersArea } from './users-area.ts';
import { AdditionalDataTab, BasicTab, CostCentreTab, DelegationTab, RolesTab, type TabProps } from './user-editor-tabs.tsx';
import { LoadFailedAlert, NotFoundAlert } from '../shared/load-alerts.tsx';

const TAB_PANELS: Record<UserTab, ComponentType<TabProps>> = {
  basic: BasicTab,
  'cost-centre': CostCentreTab,
  delegation: DelegationTab,
  'roles-and-permissions': RolesTab,
  'additional-data': AdditionalDataTab,
};

/**
 * Each tab of an existing user is its own route, so switching tabs mounts the editor again.
 * What was typed (and the errors shown) is kept here between those mounts; a tab switch
 * says so in the router state, every other way into the editor starts from the saved user.
 */
interface Draft {
  version: number;
  values: UserFormValues;
  errors: { field: UserField; message: string }[];
}
const drafts = new Map<number, Draft>();
interface EditorLocationState {
  keepDraft?: boolean;
}


function tabFromPath(pathname: string): UserTab {
  const last = pathname.split('/').pop();
  return USER_TABS.find((tab) => tab === last) ?? 'basic';
}

function fieldsWithErrors(errors: FieldErrors<UserFormValues>): UserField[] {
  return USER_FIELDS.filter((field) => errors[field] !== undefined);
}

const fullName = (user: Pick<UserDetail, 'name' | 'surname'>) => `${user.name} ${user.surname}`;

/** `/admin/users/new` and `/admin/users/edit/{id}/{basic|roles-and-permissions}`: the provider's own users (spec §6 mainDbUserManage). */
export function ProviderUserEditorPage() {
  return <UserEditorPage area={PROVIDER_USERS} />;
}

/** `/settings/users/new` and `/settings/users/edit/{id}/{tab}`: every field of a user, in five tabs. */
export function UserEditorPage({ area = COMPANY_USERS }: { area?: UsersArea }) {
  const { t } = useTranslation('companyAdmin');
  const params = useParams();
  const id = params.id === undefined ? null : Number(params.id);
  // The provider's own users have negative ids (spec §6).
  const isValidId = id === null || (Number.isInteger(id) && id !== 0);
  const options = useUserFormOptions();
  const user = useUser(isValidId ? id : null);

  if (!isValidId || (user.error instanceof ApiError && user.error.status === 404)) {
    return <NotFoundAlert back={{ to: area.listPath, label: t('backTo.users') }} />;
  }
  if (options.isError || user.isError) {
    return <LoadFailedAlert onRetry={() => Promise.all([options.refetch(), user.refetch()])} />;
  }
  if (!options.data || (id !== null && !user.data)) return <PageSpinner />;
  return <UserEditor key={id ?? 'new'} area={area} options={options.data} user={id === null ? null : user.data!} />;
}

function UserEditor({ area, options, user }: { area: UsersArea; options: UserFormOptions; user: UserDetail | null }) {
  const { t } = useTranslation('adminUsers');
  const { t: tc } = useTranslation('companyAdmin');
  const { t: tcommon } = useTranslation('common');
  const navigate = useNavigate();
  const location = useLocation();
  const currentUser = useCurrentUser();
  const refreshSessionUser = useRefreshSessionUser();
  const save = useSaveUser();
  const isNew = user === null;
  const [newUserTab, setNewUserTab] = useState<UserTab>('basic');
  const tab = isNew ? newUserTab : tabFromPath(location.pathname);
  const [formError, setFormError] = useState<string | null>(null);

  const defaults = useMemo(
    () => (user ? userValuesFromDetail(user) : emptyUserValues(options.roles.filter((role) => role.is_default && !role.is_blocked).map((role) => role.id))),
    [user, options.roles],
  );
  const resolver = useMemo(() => issueResolver<UserFormValues>((values) => validateUserForm(values, { isNew, policy: options.password_policy })), [isNew, options.password_policy]);
  const form = useForm<UserFormValues>({ defaultValues: defaults, resolver });
  const { errors, isDirty } = form.formState;

  const dirtyRef = useRef(isDirty);
  dirtyRef.current = isDirty;

  const saveDraft = useCallback(() => {
    if (!user) return;
    const current = form.formState.errors;
    drafts.set(user.id, {
      version: user.version,
      values: form.getValues(),
      errors: fieldsWithErrors(current).map((field) => ({ field, message: current[field]?.message ?? '' })),
    });
  }, [form, user]);

  // Back on another tab of the same user: restore what was typed and the errors shown.
  useEffect(() => {
    if (!user || !(location.state as EditorLocationState | null)?.keepDraft) return;
    const draft = drafts.get(user.id);
    if (!draft || draft.version !== user.version) return;
    form.reset(draft.values, { keepDefaultValues: true });
    for (const { field, message } of draft.errors) form.setError(field, { type: 'server', message });
    // Only on mount: later renders must not reapply an older draft.
  }, []);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (dirtyRef.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (!dirtyRef.current) return false;
    const here = userIdInPath(area, currentLocation.pathname);
    return here === undefined || here !== userIdInPath(area, nextLocation.pathname);
  });

  const goToTab = useCallback(
    (next: UserTab) => {
      if (next === tab) return;
      if (!user) {
        setNewUserTab(next);
        return;
      }
      saveDraft();
      navigate(userEditPath(area, user.id, next), { replace: true, state: { keepDraft: true } satisfies EditorLocationState });
    },
    [tab, user, saveDraft, navigate],
  );

  /** After a failed save: stay when this tab shows an error, otherwise open the first tab that does. */
  const revealErrors = useCallback(
    (fields: UserField[]) => {
      setFormError(tc('formHasErrors'));
      const tabs = new Set(fields.map(tabOfField));
      if (tabs.has(tab)) return;
      const first = area.tabs.find((candidate) => tabs.has(candidate));
      if (first) goToTab(first);
    },
    [tab, goToTab, tc],
  );

  const onSubmit = form.handleSubmit(
    (values) => {
      setFormError(null);
      save.mutate(userBodyFromValues(values, user ? { id: user.id, version: user.version } : null), {
        onSuccess: ({ user: saved }) => {
          drafts.delete(saved.id);
          enqueueSnackbar(t(isNew ? 'editor.created' : 'editor.saved'));
          if (saved.id === currentUser.user_id) void refreshSessionUser();
          if (isNew) {
            dirtyRef.current = false;
            navigate(userEditPath(area, saved.id, tab), { replace: true });
          } else {
            form.reset(userValuesFromDetail(saved));
          }
        },
        onError: (error) => {
          if (applyServerIssues(error, form.setError, USER_FIELDS)) {
            revealErrors([...new Set((error as ApiError).issues.map((issue) => String(issue.path[0]) as UserField))]);
          }
        },
      });
    },
    (invalid) => revealErrors(fieldsWithErrors(invalid)),
  );

  const erroneousTabs = new Set(fieldsWithErrors(errors).map(tabOfField));
  const Panel = TAB_PANELS[tab];
  return (
    <>
      <PageHeader
        title={user ? t('editor.editTitle', { name: fullName(user) }) : t('editor.newTitle')}
        subtitle={user?.is_external ? t('editor.externalUser') : undefined}
        back={{ to: area.listPath, label: t('editor.backToList') }}
        actions={
          user &&
          area.isCompanySettings && (
            <Button component={RouterLink} to={`/settings/logs?user_id=${user.id}`} startIcon={<HistoryIcon />}>
              {t('editor.actionLog')}
            </Button>
          )
        }
      />
      <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit}>
        <Tabs
          value={tab}
          onChange={(_event, next: UserTab) => goToTab(next)}
          variant="scrollable"
          scrollButtons="auto"
          aria-label={t('editor.tabsLabel')}
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          {area.tabs.map((name) => {
            const label = t(`editor.tabs.${name}`);
            const hasErrors = erroneousTabs.has(name);
            return (
              <Tab
                key={name}
                value={name}
                label={label}
                id={`user-tab-${name}`}
                aria-controls="user-tab-panel"
                aria-label={hasErrors ? t('editor.tabHasErrors', { tab: label }) : undefined}
                icon={hasErrors ? <ErrorOutlineIcon color="error" fontSize="small" /> : undefined}
                iconPosition="end"
                sx={{ minHeight: 48 }}
              />
            );
          })}
        </Tabs>
        <Box role="tabpanel" id="user-tab-panel" aria-labelledby={`user-tab-${tab}`} sx={{ p: { xs: 2, sm: 3 } }}>
          {formError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          )}
          {/* Fields of the other tabs stay registered through the form's values, so nothing typed is lost. */}
          <Panel control={form.control} options={options} userId={user?.id ?? null} />
        </Box>
        <Stack direction="row" spacing={1} sx={{ p: 2, borderTop: 1, borderColor: 'divider', justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to={area.listPath}>
            {tcommon('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {t('editor.save')}
          </Button>
        </Stack>
      </Paper>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={tc('unsaved.title')}
        message={tc('unsaved.body')}
        confirmLabel={tc('unsaved.leave')}
        destructive
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      />
    </>
  );
}

