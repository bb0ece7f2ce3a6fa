import { useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RichTextEditor } from '../shared/rich-text-editor.tsx';

/** The page content in Polish and English, one editor per tab; both stay mounted so switching keeps the caret and undo. */
export function ContentTabs<T extends FieldValues, TOut = T>({ control, polish, english }: { control: Control<T, unknown, TOut>; polish: Path<T>; english: Path<T> }) {
  const { t } = useTranslation('masterData');
  const [tab, setTab] = useState<'pl' | 'en'>('pl');
  return (
    <Box>
      <Tabs value={tab} onChange={(_event, value: 'pl' | 'en') => setTab(value)} aria-label={t('pages.contentLanguage')} sx={{ mb: 1 }}>
        <Tab value="pl" label={t('pages.polish')} id="content-tab-pl" aria-controls="content-panel-pl" />
        <Tab value="en" label={t('pages.english')} id="content-tab-en" aria-controls="content-panel-en" />
      </Tabs>
      <div role="tabpanel" id="content-panel-pl" aria-labelledby="content-tab-pl" hidden={tab !== 'pl'}>
        <Controller control={control} name={polish} render={({ field }) => <RichTextEditor label={t('pages.fields.contentPl')} value={field.value as string} onChange={field.onChange} />} />
      </div>
      <div role="tabpanel" id="content-panel-en" aria-labelledby="content-tab-en" hidden={tab !== 'en'}>
        <Controller
          control={control}
          name={english}
          render={({ field }) => <RichTextEditor label={t('pages.fields.contentEn')} value={field.value as string} onChange={field.onChange} helperText={t('pages.englishFallback')} />}
        />
      </div>
    </Box>
  );
}
