// Writing and changing a help centre article: per language of the brand a title and Markdown with
// the live preview members' view; the folder's sections are read here, changed in the folder.
import { Grid } from '@mui/material';
import { Create, Edit, Labeled, NumberField, NumberInput, SimpleForm, SimpleShowLayout, TextField, TextInput, maxLength, useRecordContext } from 'react-admin';
import { ContentToolbar } from '../content/AnnouncementForm';
import { Texts } from '../content/AnnouncementPages';
import { fromFolder } from '../content/body';
import { FolderNote } from '../content/FolderNote';
import { LanguageTabs } from '../content/LanguageTabs';
import { MarkdownPreview } from '../content/MarkdownPreview';
import { useBrandLanguages } from '../content/languages';
import { helpArticleBody } from './body';

function HelpArticleForm() {
  const record = useRecordContext();
  const languages = useBrandLanguages(record);
  return (
    <SimpleForm toolbar={<ContentToolbar />} defaultValues={{ position: 100 }}>
      <NumberInput source="position" min={0} max={9999} step={1} helperText="tessera.help.position_help" />
      <LanguageTabs
        languages={languages}
        render={(language) => (
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextInput source={`texts.${language}.title`} label="resources.help-articles.fields.title" validate={maxLength(200)} fullWidth />
              <TextInput
                source={`texts.${language}.content`}
                label="resources.help-articles.fields.content"
                validate={maxLength(20000)}
                multiline
                minRows={8}
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <MarkdownPreview source={`texts.${language}.content`} />
            </Grid>
          </Grid>
        )}
      />
    </SimpleForm>
  );
}

function FolderSection() {
  return (
    <SimpleShowLayout>
      <FolderNote />
      <TextField source="source" />
      <NumberField source="position" />
      <Labeled label="resources.help-articles.fields.texts">
        <Texts />
      </Labeled>
    </SimpleShowLayout>
  );
}

function EditOrRead() {
  const record = useRecordContext();
  return fromFolder(record) ? <FolderSection /> : <HelpArticleForm />;
}

export function HelpArticleCreate() {
  return (
    <Create transform={helpArticleBody} redirect="list">
      <HelpArticleForm />
    </Create>
  );
}

export function HelpArticleEdit() {
  return (
    <Edit transform={helpArticleBody} mutationMode="pessimistic" redirect="list">
      <EditOrRead />
    </Edit>
  );
}
