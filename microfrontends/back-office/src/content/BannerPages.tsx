// Creating, changing and reading one banner; the folder's are read-only here.
import {
  BooleanField,
  Create,
  DateField,
  Edit,
  EditButton,
  FunctionField,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { bannerBody, fromFolder } from './body';
import { BannerForm } from './BannerForm';
import { FolderNote } from './FolderNote';
import { BannerThumbnail } from './images';

export function BannerCreate() {
  return (
    <Create transform={bannerBody} redirect="list">
      <BannerForm />
    </Create>
  );
}

const titles = (record: RaRecord) =>
  Object.entries((record.titles ?? {}) as Record<string, string>)
    .map(([language, title]) => `${language}: ${title}`)
    .join(' · ');

function BannerShowLayout() {
  const record = useRecordContext();
  return (
    <SimpleShowLayout>
      {fromFolder(record) ? <FolderNote /> : null}
      <FunctionField source="image" render={() => <BannerThumbnail />} />
      <TextField source="group" />
      <TextField source="source" />
      <TextField source="link" emptyText="—" />
      <FunctionField source="titles" render={titles} />
      <DateField source="startsAt" showTime emptyText="—" />
      <DateField source="endsAt" showTime emptyText="—" />
      <NumberField source="position" />
      <BooleanField source="showing" />
      <TextField source="updatedBy" emptyText="—" />
    </SimpleShowLayout>
  );
}

function ShowActions() {
  const record = useRecordContext();
  return <TopToolbar>{record && !fromFolder(record) ? <EditButton /> : null}</TopToolbar>;
}

export function BannerShow() {
  return (
    <Show actions={<ShowActions />}>
      <BannerShowLayout />
    </Show>
  );
}

function EditOrRead() {
  const record = useRecordContext();
  if (fromFolder(record)) return <BannerShowLayout />;
  return <BannerForm />;
}

export function BannerEdit() {
  return (
    <Edit transform={bannerBody} mutationMode="pessimistic" redirect="list">
      <EditOrRead />
    </Edit>
  );
}
