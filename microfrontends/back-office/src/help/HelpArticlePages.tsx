// Writing and changing a help centre article: per language of the brand a title and Markdown with
// the live preview members' view; the folder's sections are read here, changed in the folder.
import { Create, Edit, Labeled, NumberField, NumberInput, SimpleForm, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import { ContentToolbar } from '../content/AnnouncementForm';
import { Texts } from '../content/AnnouncementPages';
import { fromFolder } from '../content/body';
import { FolderNote } from '../content/FolderNote';
import { MarkdownTexts } from '../content/MarkdownTexts';
import { useBrandLanguages } from '../content/languages';
import { helpArticleBody } from './body';

function HelpArticleForm() {
  const record = useRecordContext();
  const languages = useBrandLanguages(record);
  return (
    <SimpleForm toolbar={<ContentToolbar />} defaultValues={{ position: 100 }}>
      <NumberInput source="position" min={0} max={9999} step={1} helperText="tessera.help.position_help" />
      <MarkdownTexts languages={languages} resource="help-articles" />
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
