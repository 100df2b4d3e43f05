// Creating, changing and reading one announcement; the folder's are read-only here.
import {
  BooleanField,
  Create,
  DateField,
  Edit,
  EditButton,
  Labeled,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { Box, Typography } from '@mui/material';
import { announcementBody, fromFolder } from './body';
import { AnnouncementForm } from './AnnouncementForm';
import { FolderNote } from './FolderNote';

export function AnnouncementCreate() {
  return (
    <Create transform={announcementBody} redirect="list">
      <AnnouncementForm />
    </Create>
  );
}

/** Each language's title and what members read of it. */
export function Texts() {
  const record = useRecordContext();
  const texts = (record?.texts ?? {}) as Record<string, { title: string; html: string }>;
  return (
    <>
      {Object.entries(texts).map(([language, text]) => (
        <Box key={language} component="section" aria-label={language} sx={{ mb: 2 }}>
          <Typography variant="overline">{language}</Typography>
          <Typography variant="subtitle1">{text.title}</Typography>
          {/* The server's HTML: what members see. */}
          <div dangerouslySetInnerHTML={{ __html: text.html }} />
        </Box>
      ))}
    </>
  );
}

function AnnouncementShowLayout() {
  const record = useRecordContext();
  return (
    <SimpleShowLayout>
      {fromFolder(record) ? <FolderNote /> : null}
      <TextField source="type" />
      <TextField source="source" />
      <DateField source="startsAt" showTime />
      <DateField source="endsAt" showTime emptyText="—" />
      <NumberField source="position" />
      <BooleanField source="showing" />
      <TextField source="updatedBy" emptyText="—" />
      <Labeled label="resources.announcements.fields.texts">
        <Texts />
      </Labeled>
    </SimpleShowLayout>
  );
}

function ShowActions() {
  const record = useRecordContext();
  return <TopToolbar>{record && !fromFolder(record) ? <EditButton /> : null}</TopToolbar>;
}

export function AnnouncementShow() {
  return (
    <Show actions={<ShowActions />}>
      <AnnouncementShowLayout />
    </Show>
  );
}

/** The form for the back office's own; the folder's shown as they are. */
function EditOrRead() {
  const record = useRecordContext<RaRecord>();
  if (fromFolder(record)) return <AnnouncementShowLayout />;
  return <AnnouncementForm />;
}

export function AnnouncementEdit() {
  return (
    <Edit transform={announcementBody} mutationMode="pessimistic" redirect="list">
      <EditOrRead />
    </Edit>
  );
}

